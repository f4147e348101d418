import { RequestThread } from '../threads/request-thread.js'
import type { Accounts } from './accounts.js'

export type AccountsRequest = Readonly<{ method: keyof Accounts; args: unknown[] }>

type Lane = { thread: RequestThread<AccountsRequest, unknown>; waiting: number }

/**
 * The accounts and claims of `recto serve`, answered on threads of their own, each with its own
 * store handle. The store's handle is synchronous (on PostgreSQL it sleeps in Atomics.wait until
 * the server answers): on the server's main thread every session check, renewal and claim
 * stopped every other request, and under 20 reviewers a claim waited 300 ms (p95) for 1 ms of
 * work. PostgreSQL takes several connections at once (claims stay single-holder by their SQL);
 * a SQLite file gets one thread, its single writer.
 */
export class AccountsThread {
  readonly #lanes: Lane[]
  readonly accounts: Accounts

  constructor(location: string, threads: number) {
    this.#lanes = Array.from({ length: threads }, () => ({
      thread: new RequestThread<AccountsRequest, unknown>({
        worker: '../server/accounts-worker',
        workerData: { location },
        label: 'accounts',
        closedReason: 'the server closed'
      }),
      waiting: 0
    }))
    const ask =
      (method: keyof Accounts) =>
      (...args: unknown[]): Promise<never> =>
        this.#ask({ method, args }) as Promise<never>
    this.accounts = {
      active: ask('active'),
      logIn: ask('logIn'),
      user: ask('user'),
      logOut: ask('logOut'),
      claimNext: ask('claimNext'),
      renew: ask('renew'),
      release: ask('release'),
      holder: ask('holder'),
      claims: ask('claims'),
      audit: ask('audit')
    }
  }

  /** Each request goes to the thread with the fewest requests under way. */
  async #ask(request: AccountsRequest): Promise<unknown> {
    const lane = this.#lanes.reduce((a, b) => (b.waiting < a.waiting ? b : a))
    lane.waiting++
    try {
      return await lane.thread.ask(request)
    } finally {
      lane.waiting--
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.thread.close()))
  }
}
