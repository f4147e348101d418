import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseManifest } from '../../../src-main/export/manifest.js'
import { characterErrorRate } from '../../../src-main/error-rate/error-rate.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { addUser } from '../../../src-main/store/users.js'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { openBrowser } from '../browser.js'
import { screenshot, samplesProject } from '../fixtures.js'
import { serve, type Served } from '../serve.js'

const WAIT = { timeout: 15_000 }
const ADAS = 'The quick brown fox jumps over the lazy dog.'
const BOBS = 'The quick brown fax jumps over the lazy dog!'
/** Ada's word where the keyings differ first, Bob's where they differ second. */
const ADJUDICATED = 'The quick brown fox jumps over the lazy dog!'

type Browser = Awaited<ReturnType<typeof openBrowser>>
type PageKey = { documentId: number; pageNo: number }

const tmp = tempDir('recto-keying-e2e-')
let dbFile: string
let served: Served
const browsers: Record<'ada' | 'bob' | 'root', Browser> = {} as never

beforeAll(async () => {
  dbFile = samplesProject(tmp.dir)
  const db = openDatabase(dbFile)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada password' })
  addUser(db, { name: 'bob', role: 'reviewer', password: 'bob password' })
  addUser(db, { name: 'root', role: 'admin', password: 'root password' })
  db.close()
  served = await serve(dbFile)
  for (const name of ['ada', 'bob', 'root'] as const) browsers[name] = await openBrowser()
})

afterAll(async () => {
  for (const browser of Object.values(browsers)) await browser?.close()
  await served?.stop()
  tmp.remove()
})

async function logIn(name: keyof typeof browsers): Promise<void> {
  const { page } = browsers[name]
  await page.goto(new URL('/', served.url).href)
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Password').fill(`${name} password`)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('button', { name: 'running-headers.pdf', exact: true }).waitFor(WAIT)
}

/** Claims the next page with the browser's own session, as the queue's "next" does. */
function claimNext(name: keyof typeof browsers): Promise<PageKey | null> {
  return browsers[name].page.evaluate(async () => {
    const response = await fetch('/claims/next', { method: 'POST' })
    return ((await response.json()) as { page: PageKey | null }).page
  })
}

async function open(name: keyof typeof browsers, at: PageKey): Promise<void> {
  await browsers[name].page.evaluate(
    (hash) => (location.hash = hash),
    `#/page/${at.documentId}/${at.pageNo}`
  )
}

describe('double-keyed gold in the browser', () => {
  let page: PageKey

  it('lets the admin require two keyings on a page', async () => {
    for (const name of ['ada', 'bob', 'root'] as const) await logIn(name)
    page = (await claimNext('root'))!
    expect(page).not.toBeNull()
    await open('root', page)
    const { page: root } = browsers.root
    await root.getByRole('button', { name: 'Require two keyings' }).click()
    await root.getByRole('form', { name: 'Key this page' }).waitFor(WAIT)
    // The admin leaves the keying to the reviewers: the page goes back to the queue.
    await root.evaluate(
      async (at) => fetch('/claims/release', { method: 'POST', body: JSON.stringify(at) }),
      page
    )
  })

  it('has two reviewers key the same page, neither seeing the other', async () => {
    expect(await claimNext('ada')).toEqual(page)
    await open('ada', page)
    const ada = browsers.ada.page
    const machine = await ada.getByLabel('Your keying').inputValue()
    expect(machine.length).toBeGreaterThan(0)
    await ada.getByLabel('Your keying').fill(ADAS)
    await ada.getByRole('button', { name: 'Submit keying' }).click()
    await ada.getByText('Your keying is in (1 of 2)').waitFor(WAIT)

    expect(await claimNext('bob')).toEqual(page)
    await open('bob', page)
    const bob = browsers.bob.page
    // Bob starts from the machine's text, as Ada did, never from hers.
    await bob.getByLabel('Your keying').waitFor(WAIT)
    expect(await bob.getByLabel('Your keying').inputValue()).toBe(machine)
    expect(await bob.content()).not.toContain('quick brown')
    await screenshot(bob, 'double-keying-second-keyer')
    await bob.getByLabel('Your keying').fill(BOBS)
    await bob.getByRole('button', { name: 'Submit keying' }).click()
    await bob.getByText('Both keyings are in; an adjudicator settles').waitFor(WAIT)
  })

  it('shows the adjudicator both keyings and their CER, and approves the resolved text', async () => {
    expect(await claimNext('root')).toEqual(page)
    const root = browsers.root.page
    await root.reload()
    const agreement = root.getByRole('status', { name: 'Agreement' })
    await agreement.waitFor(WAIT)
    const cer = characterErrorRate(ADAS, BOBS).rate
    expect(cer).toBeCloseTo(2 / 44, 6)
    expect((await agreement.textContent())!.replace(/\s+/g, ' ')).toMatch(
      /CER 4\.5\s?% between the two keyings · 2 differences/
    )
    expect(await root.getByRole('region', { name: 'Keying by ada' }).textContent()).toContain(ADAS)
    expect(await root.getByRole('region', { name: 'Keying by bob' }).textContent()).toContain(BOBS)
    await root
      .getByRole('listitem', { name: 'Difference 2' })
      .getByRole('button', { name: /bob/ })
      .click()
    expect(await root.getByLabel('Adjudicated text').inputValue()).toBe(ADJUDICATED)
    await screenshot(root, 'double-keying-adjudication')
    await root.getByRole('button', { name: 'Approve adjudicated text' }).click()
    await root.getByText('Double-keyed and adjudicated').waitFor(WAIT)
  })

  it('exports the adjudicated text as gold, with both keyers and the adjudicator', () => {
    const gold = join(tmp.dir, 'gold')
    const run = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'recto.js'), 'export', '--db', dbFile, '--gold', gold],
      { encoding: 'utf8' }
    )
    expect(run.status, run.stderr).toBe(0)
    const [line] = parseManifest(readFileSync(join(gold, 'manifest.jsonl'), 'utf8'))
    expect(line).toMatchObject({
      page: page.pageNo,
      reviewer: 'root',
      status: 'corrected',
      doubleKeyed: [{ page: page.pageNo, keyers: ['ada', 'bob'], adjudicator: 'root' }]
    })
    expect(line!.doubleKeyed![0]!.agreementCer).toBeCloseTo(characterErrorRate(ADAS, BOBS).rate, 9)
    expect(readFileSync(join(gold, `${line!.entry}.txt`), 'utf8')).toBe(`${ADJUDICATED}\n`)
  })

  it('shows the gold screen where double keying stands, and draws a sample of pages', async () => {
    const root = browsers.root.page
    await root.evaluate(() => (location.hash = '#/gold'))
    const progress = root.getByRole('status', { name: 'Double keying progress' })
    await progress.waitFor(WAIT)
    const says = async () => (await progress.textContent())!.replace(/\s+/g, ' ').trim()
    expect(await says()).toBe('0 waiting for a keying · 0 waiting for adjudication · 1 adjudicated')
    await root.getByLabel('Pages to draw').fill('2')
    await root.getByRole('button', { name: 'Require two keyings on a sample' }).click()
    await root.getByText('2 pages need two keyings now.').waitFor(WAIT)
    expect(await says()).toBe('2 waiting for a keying · 0 waiting for adjudication · 1 adjudicated')
  })

  it("keeps a keyer's unsent text when the claim goes, and gives it back when they hold the page again", async () => {
    const next = (await claimNext('root'))!
    await open('root', next)
    const root = browsers.root.page
    const required = root.getByRole('button', { name: 'Require two keyings' })
    const form = root.getByRole('form', { name: 'Key this page' })
    await required.or(form).waitFor(WAIT)
    if (await required.isVisible()) await required.click()
    await form.waitFor(WAIT)
    await root.evaluate(
      async (at) => fetch('/claims/release', { method: 'POST', body: JSON.stringify(at) }),
      next
    )

    expect(await claimNext('ada')).toEqual(next)
    await open('ada', next)
    const ada = browsers.ada.page
    await ada.getByLabel('Your keying').fill('Half of the page, typed by Ada')
    // The claim goes (a lapsed lease, a release): the form closes, as the page is not hers.
    await ada.evaluate(
      async (at) => fetch('/claims/release', { method: 'POST', body: JSON.stringify(at) }),
      next
    )
    await ada.getByText('claim it to key or adjudicate it').waitFor(WAIT)
    expect(await claimNext('ada')).toEqual(next)
    await ada.getByLabel('Your keying').waitFor(WAIT)
    expect(await ada.getByLabel('Your keying').inputValue()).toBe('Half of the page, typed by Ada')
  })

  it('tells an admin who keyed a page that another adjudicator settles it', async () => {
    const ada = browsers.ada.page
    await ada.getByRole('button', { name: 'Submit keying' }).click()
    await ada.getByText('Your keying is in (1 of 2)').waitFor(WAIT)
    const next = (await claimNext('root'))!
    await open('root', next)
    const root = browsers.root.page
    await root.getByLabel('Your keying').fill('The whole page, typed by root')
    await root.getByRole('button', { name: 'Submit keying' }).click()
    await root.getByText('Both keyings are in, one of them yours').waitFor(WAIT)
    expect(await root.getByText('claim it to key or adjudicate it').count()).toBe(0)
    expect(await root.getByRole('region', { name: 'Keying by ada' }).count()).toBe(0)
  })
})
