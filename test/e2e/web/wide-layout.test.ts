import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SAMPLES_DIR } from '../../helpers/backend.js'
import { REPO_ROOT, corpusPdf } from '../../helpers/corpus.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 30_000 }

const app = servedApp('recto-wide-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  const broken = join(dir, 'quarterly-statement-final-version-for-the-board.pdf')
  writeFileSync(broken, 'This is a note saved with the wrong name, not a PDF at all.\n')
  ingest(
    dbFile,
    join(SAMPLES_DIR, 'two-column-article.pdf'),
    corpusPdf('pdfjs__tracemonkey.pdf'),
    corpusPdf('pymupdf__chinese-tables.pdf')
  )
  // Not a PDF: recorded in error, and the command says so (exit 1).
  spawnSync(process.execPath, [
    join(REPO_ROOT, 'bin', 'recto.js'),
    'ingest',
    broken,
    '--db',
    dbFile
  ])
  return dbFile
})

describe('the screens use the window', () => {
  it('Library: the table spans a wide window, and an error row leaves the badges on one line', async () => {
    const { page } = app
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.goto(app.served.url)
    const table = page.getByRole('table')
    await page.getByText(/^error: /).waitFor(WAIT)
    await screenshot(page, 'library-1920')
    const width = (await table.boundingBox())!.width
    expect(width).toBeGreaterThan(1920 * 0.8)
    // Each row's three severity badges stand side by side (a badge of none has a border of a
    // pixel), the error row's too.
    const tops = await page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('.sev')].map((b) => b.getBoundingClientRect().top)
        )
      )
    expect(tops).toHaveLength(4)
    for (const row of tops) expect(Math.max(...row) - Math.min(...row)).toBeLessThan(4)
  })
})

/** The project's documents by name, as the Library lists them. */
async function documentIds(): Promise<Map<string, number>> {
  const listed = await app.page.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token') ?? ''
    const response = await fetch('/rpc/documents.list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
      body: '{}'
    })
    return ((await response.json()) as { value: { id: number; name: string }[] }).value
  })
  return new Map(listed.map((doc) => [doc.name, doc.id]))
}

/** Rows of the reading order whose text runs past what the row shows. */
function cutRows(): Promise<number> {
  return app.page
    .locator('.order .text')
    .evaluateAll((rows) => rows.filter((row) => row.scrollHeight > row.clientHeight + 1).length)
}

describe('the review screen shows whole texts', () => {
  it('shows every flag message whole, and every block row to its paragraph’s end', async () => {
    const { page } = app
    await page.setViewportSize({ width: 1400, height: 900 })
    const ids = await documentIds()
    // Five flags, 378 characters of messages: a page of Chinese tables.
    await page.goto(`${app.served.url}#/page/${ids.get('pymupdf__chinese-tables.pdf')}/1`)
    await page.getByRole('button', { name: 'Block 1', exact: true }).waitFor(WAIT)
    await screenshot(page, 'review-whole-texts')
    const flags = page.getByRole('region', { name: 'Flags' })
    const shown = (await flags.boundingBox())!
    const messages = flags.locator('li')
    expect(await messages.count()).toBe(5)
    for (const message of await messages.all()) {
      const box = (await message.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(shown.y + shown.height + 1)
    }
    expect(await cutRows()).toBe(0)

    await page.goto(`${app.served.url}#/page/${ids.get('two-column-article.pdf')}/1`)
    const paragraph = page.locator('.order .row').filter({ hasText: 'Every page of a PDF' })
    await paragraph.getByText(/hyphen at the end of a line\.$/).waitFor(WAIT)
    expect(await cutRows()).toBe(0)
  })
})
