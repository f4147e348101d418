import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/** scrypt's cost: N = 2^15, r = 8 (32 MB and about 50 ms a hash), p = 1. */
const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEMORY = 64 * 1024 * 1024

/**
 * `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash, for a later raise.
 * Synchronous: accounts are added by `recto users add` and tests, never by the server.
 */
export function hashPassword(password: string): string {
  const salt = randomBytes(16)
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY })
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$')
}

/**
 * Whether the password is the one hashed. The hash runs on libuv's thread pool: a login is tens
 * of milliseconds of CPU (seconds on a loaded machine), which the server's event loop must not
 * wait out while other reviewers' requests queue behind it.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const given = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY
  })
  return timingSafeEqual(given, expected)
}

function scryptAsync(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}
