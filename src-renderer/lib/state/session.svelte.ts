/**
 * Who this window is: in a shared project served by `recto serve`, the logged-in account and its
 * role (the server enforces the role; the screen only leaves out what it would refuse). The
 * desktop app, and a server without accounts, is one person who may do everything.
 */
class SessionState {
  #team = $state(false)
  #role = $state<string | null>(null)
  #loading: Promise<void> | null = null

  /** Whether a team shares the project (accounts are active). */
  get team(): boolean {
    return this.#team
  }

  /** Whether this window may take the admin's part: require keyings, adjudicate. */
  get administers(): boolean {
    return !this.#team || this.#role === 'admin'
  }

  load(): Promise<void> {
    this.#loading ??= this.#fetch()
    return this.#loading
  }

  async #fetch(): Promise<void> {
    if (window.api) return
    const response = await fetch('/session').catch(() => null)
    if (!response?.ok) return
    const session = (await response.json()) as { team: boolean; user: { role: string } | null }
    this.#team = session.team
    this.#role = session.user?.role ?? null
  }
}

export const session = new SessionState()
