import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { GoldPage } from '../page-models/gold-page.js'
import { LibraryPage } from '../page-models/library-page.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage } from '../page-models/review-page.js'

const ARTICLE = 'two-column-article.pdf'
const ENTRY = 'two-column-article-p001'
const WAIT = { timeout: 20_000 }

const app = servedApp('recto-e2e-gold-', samplesProject)
const goldDir = join(app.dir, 'gold set')
// The project's database is review.sqlite in app.dir (samplesProject).
const defaultDir = join(app.dir, 'review-gold')

describe('from an approved page to the bake-off, in the browser', () => {
  it('offers the folder beside the review database on the Scores screen opened first', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const gold = new GoldPage(page)
    await gold.scoresLink.click()
    await expect.poll(() => gold.folder.inputValue(), WAIT).toBe(defaultDir)
  })

  it('corrects a word and approves a page in the review screen', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const library = new LibraryPage(page)
    await library.document(ARTICLE).waitFor(WAIT)
    await library.openQueue()
    const queue = new QueuePage(page)
    await queue.showAll()
    await queue.row(ARTICLE, 1).click(WAIT)
    const review = new ReviewPage(page, ARTICLE, 1)
    await review.image.waitFor(WAIT)
    await review.textTab.click()
    await expect.poll(() => review.pageText.inputValue(), WAIT).toContain('find the gutter')
    await review.replaceWord('gutter', 'gully', WAIT)
    await review.approveAndComeBack(WAIT)
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Approved with corrections')
    await review.saved.waitFor(WAIT)
  })

  it('lists the page on the Gold screen and exports the gold set', async () => {
    const gold = new GoldPage(app.page)
    await gold.goldLink.click()
    await gold.entry(ENTRY).waitFor(WAIT)
    expect(await gold.entries.count()).toBe(2)
    expect(await gold.folder.inputValue()).toBe(defaultDir)
    await gold.folder.fill(goldDir)
    await gold.exportButton.click()
    const summary = async (): Promise<string> =>
      ((await gold.summary.textContent()) ?? '').replace(/\s+/gu, ' ').trim()
    await expect
      .poll(summary, WAIT)
      .toBe(`Exported 1 entry to ${goldDir}: 1 added, 0 changed, 0 unchanged, 0 removed.`)
    expect(existsSync(join(goldDir, `${ENTRY}.pdf`))).toBe(true)
    const text = readFileSync(join(goldDir, `${ENTRY}.txt`), 'utf8')
    expect(text).toContain('find the gully')
    const manifest = readFileSync(join(goldDir, 'manifest.jsonl'), 'utf8')
    expect(JSON.parse(manifest)).toMatchObject({ entry: ENTRY, status: 'corrected', page: 1 })
    await screenshot(app.page, 'gold')

    await gold.exportButton.click()
    await expect.poll(summary, WAIT).toContain('1 unchanged, 0 removed (nothing changed).')
  })

  it('scores the gold set and draws the CER chart', async () => {
    const gold = new GoldPage(app.page)
    await gold.scoresLink.click()
    await expect.poll(() => gold.folder.inputValue(), WAIT).toBe(goldDir)
    await gold.scoreButton.click()
    await gold.extractorChart.waitFor(WAIT)
    const bars = await gold.bars(gold.extractorChart)
    expect(Object.keys(bars)).toEqual(['recto', 'mupdf-raw'])
    // Recto's text differs from the gold by "gutter" → "gully": four edits.
    const goldText = readFileSync(join(goldDir, `${ENTRY}.txt`), 'utf8')
    const length = [...goldText.toLowerCase().replace(/\s+/gu, ' ').trim()].length
    expect(bars.recto).toBeCloseTo(4 / length, 9)
    expect(bars['mupdf-raw']).toBeGreaterThanOrEqual(bars.recto!)
    await expect.poll(() => gold.entryScores.count(), WAIT).toBe(2)
    await expect.poll(() => gold.flagChart.count(), WAIT).toBe(1)
    await screenshot(app.page, 'scores', true)
  })
})
