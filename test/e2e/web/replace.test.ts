import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState, listRevisions } from '../../../src-main/store/revisions.js'
import { templatePdf } from '../../helpers/template-pdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }

/** Two reports, each with one page where OCR read "modern" as "rnodern". */
const app = servedApp('recto-replace-', (dir) => {
  const first = join(dir, 'first.pdf')
  const second = join(dir, 'second.pdf')
  writeFileSync(
    first,
    templatePdf(['two-column', 'two-column', 'two-column'], {
      2: 'the rnodern plan',
      3: 'an e-mail note'
    })
  )
  writeFileSync(second, templatePdf(['wide-left', 'wide-left'], { 1: 'a rnodern office' }))
  const dbFile = join(dir, 'review.sqlite')
  ingest(dbFile, first)
  ingest(dbFile, second)
  return dbFile
})

type PageNow = { text: string; revisions: { action: string; batchId: number | null }[] }

/** Every page of both documents as it stands, with its revisions. */
function pagesNow(): Map<string, PageNow> {
  const db = openDatabaseReadOnly(join(app.dir, 'review.sqlite'))
  try {
    const pages = new Map<string, PageNow>()
    for (const [documentId, count] of [
      [1, 3],
      [2, 2]
    ] as const) {
      for (let pageNo = 1; pageNo <= count; pageNo++) {
        pages.set(`${documentId}/${pageNo}`, {
          text: currentState(db, documentId, pageNo)!.state.text,
          revisions: listRevisions(db, documentId, pageNo).map((r) => ({
            action: r.action,
            batchId: r.batchId
          }))
        })
      }
    }
    return pages
  } finally {
    db.close()
  }
}

describe('find and replace across the project', () => {
  it('replaces on exactly the matched pages of two documents, and one undo reverts them', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('link', { name: 'Library' }).waitFor(WAIT)
    await page.keyboard.press('Control+Shift+F')
    await page.getByRole('heading', { name: 'Find and replace' }).waitFor(WAIT)
    const before = pagesNow()

    // The OCR confusion is offered where the word is no English word.
    await page.getByRole('button', { name: 'Suggest OCR fixes' }).click()
    const suggestions = page.getByRole('region', { name: 'OCR suggestions' })
    await suggestions.getByRole('button', { name: 'rnodern → modern' }).click()
    expect(await page.getByLabel('Find', { exact: true }).inputValue()).toBe('rnodern')
    expect(await page.getByLabel('Replace with', { exact: true }).inputValue()).toBe('modern')

    const matches = page.getByRole('status', { name: 'Matches' })
    await matches.getByText('2 matches on 2 pages').waitFor(WAIT)
    const listed = page.getByRole('list', { name: 'Pages with matches' })
    await listed.getByRole('listitem', { name: 'first.pdf, page 2' }).getByText('the').waitFor(WAIT)
    await listed.getByRole('listitem', { name: 'second.pdf, page 1' }).waitFor(WAIT)
    await listed.getByRole('img', { name: 'Page 1 of second.pdf' }).waitFor(WAIT)
    await screenshot(page, 'replace-matches')

    // A match opens on its page, marked on the page image.
    await listed.getByRole('link', { name: 'first.pdf, page 2' }).click()
    const mark = page.locator('[aria-label="Match of rnodern"]')
    await mark.waitFor(WAIT)
    const box = (await mark.boundingBox())!
    const image = (await page.getByRole('img', { name: 'Page 2 of first.pdf' }).boundingBox())!
    // The first line of the left column: near the page's top left.
    expect(box.y - image.y).toBeLessThan(image.height / 4)
    expect(box.x - image.x).toBeLessThan(image.width / 4)
    await screenshot(page, 'replace-match-on-page')
    await page.goBack()
    await matches.getByText('2 matches on 2 pages').waitFor(WAIT)

    await page.getByLabel('Find', { exact: true }).focus()
    await page.keyboard.press('Control+Enter')
    const done = page.getByRole('status', { name: 'Across pages' })
    await done.getByText('2 pages changed: replace "rnodern" with "modern"').waitFor(WAIT)
    await matches.getByText('0 matches on 0 pages').waitFor(WAIT)

    const after = pagesNow()
    const changed = [...after].filter(([key, now]) => now.text !== before.get(key)!.text)
    expect(changed.map(([key]) => key)).toEqual(['1/2', '2/1'])
    expect(after.get('1/2')!.text).toContain('the modern plan')
    expect(after.get('2/1')!.text).toContain('a modern office')
    const [one, two] = changed.map(([, now]) => now.revisions)
    expect(one).toEqual([{ action: 'replace', batchId: expect.any(Number) }])
    expect(two).toEqual(one)
    for (const key of ['1/1', '1/3', '2/2']) expect(after.get(key)!.revisions).toEqual([])

    await page.getByRole('heading', { name: 'Find and replace' }).click()
    await page.keyboard.press('Shift+U')
    await done.getByText(/^Undone on 2 pages/).waitFor(WAIT)
    for (const [key, now] of pagesNow()) expect(now.text).toBe(before.get(key)!.text)
    await screenshot(page, 'replace-undone')
  })

  it('finds literal text with a hyphen (issue 38, bug 11)', async () => {
    const { page } = app
    await page.getByLabel('Find', { exact: true }).fill('e-mail')
    await page.getByLabel('Find', { exact: true }).press('Enter')
    const matches = page.getByRole('status', { name: 'Matches' })
    await matches.getByText('1 match on 1 page').waitFor(WAIT)
    const listed = page.getByRole('list', { name: 'Pages with matches' })
    await listed.getByRole('listitem', { name: 'first.pdf, page 3' }).waitFor(WAIT)
    expect(await page.getByText(/Invalid regular expression/).count()).toBe(0)
    await page.getByRole('heading', { name: 'Find and replace' }).click()
  })

  it('lists its keys under ?', async () => {
    const { page } = app
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keys' })
    await help.getByRole('heading', { name: 'Find and replace' }).waitFor(WAIT)
    for (const does of [
      'Put the cursor in the Find field',
      'Replace the matches on the ticked pages (one revision a page, one action to undo)',
      'Undo the last action across pages (a find and replace, a taught order) on every page',
      'Suggest fixes of common OCR confusions (rn for m, O for 0…)'
    ]) {
      await help.getByText(does, { exact: true }).waitFor(WAIT)
    }
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'detached', ...WAIT })
    await page.keyboard.press('/')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
      .toBe('Find')
  })
})
