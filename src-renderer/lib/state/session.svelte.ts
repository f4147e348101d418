import { fetchSession } from '../backend/claims'

/**
 * This window's role: in a shared project served by `recto serve`, the logged-in account's (the
 * server enforces it; the screen only leaves out what it would refuse). The desktop app, and a
 * server without accounts, is one person who may do everything.
 */
class SessionState {
  #team = $state(false)
  #role = $state<string | null>(null)
  #name = $state<string | null>(null)
  #loading: Promise<void> | null = null

  /** Whether a team shares the project (accounts are active). */
  get team(): boolean {
    return this.#team
  }

  /** The logged-in account's name in a shared project; null elsewhere. */
  get name(): string | null {
    return this.#name
  }

  /** Whether this window may take the admin's part: require keyings, adjudicate. */
  get administers(): boolean {
    return !this.#team || this.#role === 'admin'
  }

  load(): Promise<void> {
    this.#loading ??= window.api
      ? Promise.resolve()
      : fetchSession().then(
          (session) => {
            this.#team = session.team
            this.#role = session.user?.role ?? null
            this.#name = session.user?.name ?? null
          },
          () => undefined
        )
    return this.#loading
  }
}

export const session = new SessionState()
