import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { Access } from '../../src-main/server/access.js'

/** A request as the server sees it: its headers, and whether its connection is TLS. */
function request(headers: Record<string, string>, encrypted = false): IncomingMessage {
  return { headers, socket: { encrypted, remoteAddress: '127.0.0.1' } } as never
}

const PUBLIC = new URL('https://recto.example.org')
const LOCAL = new URL('http://127.0.0.1:8080')

describe('a server reached at a public URL behind a proxy', () => {
  const access = new Access('t'.repeat(48), [PUBLIC, LOCAL], 8080)

  it("answers the public name's Host and Origin beside loopback's, and no other", () => {
    expect(access.sameOrigin(request({ host: 'recto.example.org' }))).toBe(true)
    expect(
      access.sameOrigin(request({ host: 'recto.example.org', origin: 'https://recto.example.org' }))
    ).toBe(true)
    expect(access.sameOrigin(request({ host: '127.0.0.1:8080' }))).toBe(true)
    expect(access.sameOrigin(request({ host: 'evil.example.com' }))).toBe(false)
    expect(
      access.sameOrigin(request({ host: 'recto.example.org', origin: 'http://recto.example.org' }))
    ).toBe(false)
    expect(access.sameOrigin(request({ host: 'recto.example.org:8080' }))).toBe(false)
  })

  it('makes its cookies Secure on the https name only, and believes no forwarded header', () => {
    expect(access.cookieAttributes(request({ host: 'recto.example.org' }))).toBe(
      'Path=/; HttpOnly; SameSite=Strict; Secure'
    )
    expect(access.cookieAttributes(request({ host: '127.0.0.1:8080' }))).toBe(
      'Path=/; HttpOnly; SameSite=Strict'
    )
    const forwarded = { host: '127.0.0.1:8080', 'x-forwarded-proto': 'https' }
    expect(access.secure(request(forwarded))).toBe(false)
    expect(access.address(request({ ...forwarded, 'x-forwarded-for': '10.1.1.1' }))).toBe(
      '127.0.0.1'
    )
    expect(access.secure(request({ host: '127.0.0.1:8080' }, true))).toBe(true)
  })

  it("believes a trusted proxy's X-Forwarded-Proto, and the address it appended", () => {
    const proxied = new Access('t'.repeat(48), [LOCAL], 8080, true)
    const headers = {
      host: '127.0.0.1:8080',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '6.6.6.6, 10.1.1.1'
    }
    expect(proxied.secure(request(headers))).toBe(true)
    expect(proxied.address(request(headers))).toBe('10.1.1.1')
  })
})
