import { execFileSync } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { tempDir } from '../../helpers/db.js'
import { openBrowser } from '../browser.js'
import { samplesProject } from '../fixtures.js'
import { serve, type Served } from '../serve.js'

/**
 * A team reaching `recto serve` by a name of its own over HTTPS, as docs/team.md sets it up:
 * `--host`, `--public-url` and a certificate. The name `recto.test` is mapped to loopback in
 * Chromium, and the certificate made here for it is self-signed, so the contexts take it as is.
 */
const WAIT = { timeout: 15_000 }
const NAME = 'recto.test'
const tmp = tempDir('recto-https-e2e-')
let served: Served
let publicUrl: string
let ada: Awaited<ReturnType<typeof openBrowser>>
let bob: Awaited<ReturnType<typeof openBrowser>>

/** A port free now, for the public URL to name before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

beforeAll(async () => {
  const dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  addUser(db, { name: 'bob', role: 'reviewer', password: 'bob password' })
  db.close()
  const cert = join(tmp.dir, 'cert.pem')
  const key = join(tmp.dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${NAME}`],
      ...['-addext', `subjectAltName=DNS:${NAME}`]
    ],
    { stdio: 'ignore' }
  )
  const port = await freePort()
  publicUrl = `https://${NAME}:${port}/`
  served = await serve(dbFile, [
    ...['--port', String(port), '--host', '127.0.0.1', '--public-url', publicUrl],
    ...['--cert', cert, '--key', key]
  ])
  const options = {
    args: [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`],
    ignoreHTTPSErrors: true
  }
  ada = await openBrowser(options)
  bob = await openBrowser(options)
})

afterAll(async () => {
  await ada?.close()
  await bob?.close()
  await served?.stop()
  tmp.remove()
})

async function logIn(browser: typeof ada, name: string): Promise<void> {
  const { page } = browser
  await page.goto(publicUrl)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Password').fill(`${name} password`)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'running-headers.pdf', exact: true }).waitFor(WAIT)
}

/** Takes the next page from the queue, approves it, and gives its title. */
async function reviewNext(browser: typeof ada): Promise<string> {
  const { page } = browser
  await page.getByRole('link', { name: 'Queue', exact: true }).click()
  await page.getByRole('button', { name: 'Next page' }).click()
  await page
    .getByRole('status', { name: 'Claim' })
    .filter({ hasText: 'You hold this page' })
    .waitFor(WAIT)
  const title = (await page.locator('.page-review h1').getAttribute('title'))!
  await page.getByRole('button', { name: 'Reject', exact: true }).click()
  await page.getByLabel('Page status').filter({ hasText: 'Rejected' }).waitFor(WAIT)
  return title
}

describe('a team on a name of its own, over HTTPS', () => {
  it('prints the public address, and two reviewers log in and review there', async () => {
    expect(new URL(served.url).origin).toBe(new URL(publicUrl).origin)
    await logIn(ada, 'ada')
    await logIn(bob, 'bob')
    const session = (await ada.context.cookies(publicUrl)).find((c) => c.name.endsWith('-session'))
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' })

    const adas = await reviewNext(ada)
    const bobs = await reviewNext(bob)
    expect(bobs).not.toBe(adas)
    const holders = await bob.page.evaluate(async () => {
      const claims = (await (await fetch('/claims')).json()) as { holder: string }[]
      return claims.map((c) => c.holder).sort()
    })
    expect(holders).toEqual(['ada', 'bob'])
  })
})
