import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * Who may talk to `recto serve`. Another web page open in the same browser can send requests to
 * 127.0.0.1 (and, through DNS rebinding, under a name of its own), so every request must name
 * one of the server's own hosts and show the per-run token (or, for a team, a session); a
 * request a browser marks as coming from another origin is refused even with it.
 */
export class Access {
  readonly token: string
  /** The Host the server printed its address with (`127.0.0.1:PORT`, or the public URL's). */
  readonly host: string
  readonly cookie: string
  readonly #origins: ReadonlySet<string>
  readonly #hosts: ReadonlyMap<string, URL>
  readonly #trustProxy: boolean

  /**
   * `origins` are the server's own, the one it prints first: `http://127.0.0.1:PORT`, and where
   * a team reaches it, a public URL (`https://recto.example.org`). `trustProxy`: a reverse proxy
   * in front says, in X-Forwarded-Proto and X-Forwarded-For, how the browser reached it.
   */
  constructor(token: string, origins: readonly URL[], port: number, trustProxy = false) {
    this.token = token
    this.host = origins[0]!.host
    this.#origins = new Set(origins.map((origin) => origin.origin))
    this.#hosts = new Map(origins.map((origin) => [origin.host, origin]))
    this.#trustProxy = trustProxy
    // Cookies are shared by every port of 127.0.0.1: one name per port keeps two servers apart.
    this.cookie = `recto-${port}`
  }

  /** The Host and Origin headers name this server (Origin is absent on a plain navigation). */
  sameOrigin(req: IncomingMessage): boolean {
    if (!this.#hosts.has(req.headers.host ?? '')) return false
    const origin = req.headers.origin
    if (origin !== undefined && !this.#origins.has(origin)) return false
    const site = req.headers['sec-fetch-site']
    return site === undefined || site === 'same-origin' || site === 'none'
  }

  /**
   * Whether the browser reached the server over HTTPS: the connection is TLS, or the Host is a
   * public https URL's (the proxy in front holds the certificate), or a trusted proxy says so.
   * Its cookies are then `Secure`, never sent over plain HTTP.
   */
  secure(req: IncomingMessage): boolean {
    if ((req.socket as TLSSocket).encrypted) return true
    if (this.#hosts.get(req.headers.host ?? '')?.protocol === 'https:') return true
    return this.#trustProxy && req.headers['x-forwarded-proto'] === 'https'
  }

  /** The client's address: the proxy's word for it where one is trusted, else the socket's. */
  address(req: IncomingMessage): string {
    const forwarded = req.headers['x-forwarded-for']
    if (this.#trustProxy && typeof forwarded === 'string') {
      // The proxy appends the address it saw: what comes before it is the client's own say.
      return forwarded.split(',').at(-1)!.trim()
    }
    return req.socket.remoteAddress ?? 'unknown'
  }

  /** A cookie's attributes: HttpOnly, SameSite=Strict, and Secure over HTTPS. */
  cookieAttributes(req: IncomingMessage): string {
    return `Path=/; HttpOnly; SameSite=Strict${this.secure(req) ? '; Secure' : ''}`
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
  setCookie(req: IncomingMessage): string {
    return `${this.cookie}=${this.token}; ${this.cookieAttributes(req)}`
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
