import type { Account, AuditRecord, TeamReport } from '@shared/contract-accounts'
import { call } from '../backend/client'

type Change = 'disable' | 'enable' | 'admin' | 'reviewer' | 'remove'

/** The Accounts screen: the team's accounts and the audit log, for an admin. */
class AccountsState {
  #accounts = $state<readonly Account[]>([])
  #audit = $state<readonly AuditRecord[]>([])
  #report = $state<TeamReport | null>(null)
  #error = $state<string | null>(null)
  #busy = $state(false)

  get accounts(): readonly Account[] {
    return this.#accounts
  }

  get audit(): readonly AuditRecord[] {
    return this.#audit
  }

  get report(): TeamReport | null {
    return this.#report
  }

  get error(): string | null {
    return this.#error
  }

  get busy(): boolean {
    return this.#busy
  }

  load(): Promise<void> {
    return this.#run(async () => {
      this.#accounts = await call('accounts.list', {})
      this.#audit = await call('audit.list', { limit: 200 })
      this.#report = await call('reports.team', {})
    })
  }

  /** Adds an account; true when it was, so the form can clear its password. */
  async add(name: string, role: Account['role'], password: string): Promise<boolean> {
    let added = false
    await this.#run(async () => {
      await call('accounts.add', { name, role, password })
      added = true
      this.#accounts = await call('accounts.list', {})
      this.#audit = await call('audit.list', { limit: 200 })
    })
    return added
  }

  change(name: string, change: Change): Promise<void> {
    return this.#run(async () => {
      this.#accounts = await call('accounts.change', { name, change })
      this.#audit = await call('audit.list', { limit: 200 })
    })
  }

  async #run(work: () => Promise<void>): Promise<void> {
    this.#busy = true
    this.#error = null
    try {
      await work()
    } catch (error) {
      this.#error = error instanceof Error ? error.message : String(error)
    } finally {
      this.#busy = false
    }
  }
}

export const accounts = new AccountsState()
