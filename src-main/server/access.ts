import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/**
 * Who may talk to `recto serve`. Another web page open in the same browser can send requests to
 * 127.0.0.1 (and, through DNS rebinding, under a name of its own), so every request must name
 * the exact Host served and show the per-run token; a request a browser marks as coming from
 * another origin is refused even with it.
 */
export class Access {
  readonly token: string
  readonly host: string
  readonly cookie: string

  constructor(token: string, host: string, port: number) {
    this.token = token
    this.host = host
    // Cookies are shared by every port of 127.0.0.1: one name per port keeps two servers apart.
    this.cookie = `recto-${port}`
  }

  /** The Host and Origin headers name this server (Origin is absent on a plain navigation). */
  sameOrigin(req: IncomingMessage): boolean {
    if (req.headers.host !== this.host) return false
    const origin = req.headers.origin
    if (origin !== undefined && origin !== `http://${this.host}`) return false
    const site = req.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  }

  /** The token in the X-Recto-Token header or the `token` query parameter (EventSource). */
  shownToken(req: IncomingMessage, url: URL): boolean {
    const given = req.headers['x-recto-token'] ?? url.searchParams.get('token') ?? ''
    return this.#matches(Array.isArray(given) ? given.join() : given)
  }

  /**
   * For the page's own files, the cookie set when the page was opened with the token also does:
   * scripts and styles are loaded without it in their URLs. API calls never accept the cookie,
   * which a browser would attach to a forged request too.
   */
  fileAllowed(req: IncomingMessage, url: URL): boolean {
    return this.shownToken(req, url) || this.#matches(this.#cookieValue(req))
  }

  /** The Set-Cookie header that lets the page's files through. */
  setCookie(): string {
    return `${this.cookie}=${this.token}; Path=/; HttpOnly; SameSite=Strict`
  }

  #cookieValue(req: IncomingMessage): string {
    for (const part of (req.headers.cookie ?? '').split(';')) {
      const [name, ...value] = part.trim().split('=')
      if (name === this.cookie) return value.join('=')
    }
    return ''
  }

  #matches(given: string): boolean {
    const a = Buffer.from(given)
    const b = Buffer.from(this.token)
    return a.length === b.length && timingSafeEqual(a, b)
  }
}
