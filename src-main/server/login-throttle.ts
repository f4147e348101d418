/** Failed logins allowed before any wait: a reviewer who mistypes a few times is not held up. */
const FREE_FAILURES = 4
/** The first wait after them, doubled with each further failure. */
const FIRST_WAIT_MS = 1000
/** The longest wait: a lockout window, never a lockout an attacker could keep up forever. */
const MAX_WAIT_MS = 15 * 60 * 1000
/** Names and addresses remembered at most; the oldest failure is forgotten first. */
const MAX_KEYS = 10_000

type Failures = { count: number; last: number }

/**
 * Failed logins by account and by address: past FREE_FAILURES, each key must wait a window that
 * doubles with each failure (1 s, 2 s, 4 s … up to 15 minutes) before its next try is even
 * checked. scrypt makes a guess cost 50 ms; this makes 60 guesses at one account cost hours
 * instead of 21 s, from one address or many. A success clears the account and the address.
 * Kept in memory: a restart forgets it, which costs an attacker a restart they cannot cause.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, Failures>()
  readonly #now: () => number

  constructor(now: () => number = Date.now) {
    this.#now = now
  }

  /** How many ms the account or address must still wait; 0 when it may try now. */
  wait(name: string, address: string): number {
    return Math.max(this.#waitOf(`name:${name}`), this.#waitOf(`address:${address}`))
  }

  failed(name: string, address: string): void {
    for (const key of [`name:${name}`, `address:${address}`]) {
      const seen = this.#failures.get(key)
      this.#failures.delete(key)
      this.#failures.set(key, { count: (seen?.count ?? 0) + 1, last: this.#now() })
    }
    while (this.#failures.size > MAX_KEYS) {
      this.#failures.delete(this.#failures.keys().next().value!)
    }
  }

  succeeded(name: string, address: string): void {
    this.#failures.delete(`name:${name}`)
    this.#failures.delete(`address:${address}`)
  }

  #waitOf(key: string): number {
    const seen = this.#failures.get(key)
    if (!seen || seen.count < FREE_FAILURES) return 0
    const window = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (seen.count - FREE_FAILURES))
    return Math.max(0, seen.last + window - this.#now())
  }
}
