import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { parseManifest } from '../../../src-main/export/manifest.js'
import { samplesProject, servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'

const WAIT = { timeout: 30_000 }
const ARTICLE = 'two-column-article.pdf'
const app = servedApp('recto-keyboard-only-', samplesProject)

/** What the focused element shows as its focus indicator: its outline's style and width. */
function focusRing(page: Page): Promise<{ what: string; style: string; width: number }> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return { what: 'body', style: 'none', width: 0 }
    const style = getComputedStyle(element)
    const what = `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`
    return { what, style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
  })
}

/**
 * Presses Tab (or Shift+Tab, `key`) until `target` has the focus, as a keyboard user walks the
 * screen; every stop on the way must show where the focus is. Fails if `target` is not among the
 * first `most` stops.
 */
async function tabTo(page: Page, target: Locator, most = 60, key = 'Tab'): Promise<void> {
  for (let stop = 0; stop < most; stop++) {
    await page.keyboard.press(key)
    const ring = await focusRing(page)
    expect(ring.style, `the focus on ${ring.what} shows no outline`).not.toBe('none')
    expect(ring.width, `the focus outline of ${ring.what}`).toBeGreaterThanOrEqual(2)
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${String(target)} was not reached in ${most} presses of ${key}`)
}

/** The first words of a block's text, however the export breaks its lines. */
function opening(blockText: string): RegExp {
  const words = blockText.trim().split(/\s+/).slice(0, 3)
  return new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'))
}

describe('a review with the keyboard alone, no mouse', () => {
  it('opens a page, reorders two blocks, edits a line, approves and exports the gold set', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const library = page.getByRole('button', { name: ARTICLE, exact: true })
    await library.waitFor(WAIT)

    // The Library's document opens its queue; its pages need no attention, so all are listed.
    await tabTo(page, library)
    await page.keyboard.press('Enter')
    const showAll = page.getByRole('button', { name: 'Show all pages', exact: true })
    await showAll.waitFor(WAIT)
    await tabTo(page, showAll)
    await page.keyboard.press('Enter')
    const rows = page.getByRole('listbox', { name: 'Pages to review' })
    await rows.getByRole('option').nth(1).waitFor(WAIT)
    await tabTo(page, rows)
    expect(await rows.getAttribute('aria-activedescendant')).toBe('queue-row-0')
    await page.keyboard.press('Enter')
    const review = new ReviewPage(page, ARTICLE, 1)
    await review.image.waitFor(WAIT)
    // Arriving, the page's heading has the focus: a screen reader says which page this is.
    const heading = () => page.evaluate(() => document.activeElement?.closest('h1')?.textContent)
    await expect.poll(heading, WAIT).toMatch(new RegExp(`^${ARTICLE}\\s+page 1 of 2$`))
    await review.block(2).waitFor(WAIT)
    const before = await review.shownBlocks()
    // The second and third blocks: both in the page's text (the first is its running head), so
    // the export shows their order.
    const [, first, second] = before
    expect([first!.excluded, second!.excluded]).toEqual([false, false])
    const firstText = await review.orderPick(2).locator('.text').innerText()
    const secondText = await review.orderPick(3).locator('.text').innerText()

    // The two swap places: the third is selected and moved up.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Alt+ArrowUp')
    await expect
      .poll(() => review.orderItem(2).getAttribute('data-block-id'), WAIT)
      .toBe(String(second!.id))
    expect(await review.orderItem(3).getAttribute('data-block-id')).toBe(String(first!.id))
    await review.saved.waitFor(WAIT)

    // A line of the moved block is edited where it now stands.
    await page.keyboard.press('e')
    const editor = page.getByRole('textbox', { name: 'Text of block 2', exact: true })
    await expect.poll(() => editor.evaluate((field) => field === document.activeElement)).toBe(true)
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' Checked by keyboard.')
    await page.keyboard.press('Control+Enter')
    await review.orderItem(2).locator('ins', { hasText: 'Checked by keyboard.' }).waitFor(WAIT)
    await review.saved.waitFor(WAIT)

    // Approving opens the next page of the queue.
    const pageUrl = page.url()
    await page.keyboard.press('a')
    await expect.poll(() => page.url(), WAIT).not.toBe(pageUrl)
    await page.getByRole('img', { name: `Page 2 of ${ARTICLE}` }).waitFor(WAIT)
    await expect.poll(heading, WAIT).toMatch(/page 2 of 2$/)

    // The gold set is exported from the Gold screen, to a folder typed in: back up to the
    // screens' links above the page.
    const goldLink = page.getByRole('link', { name: 'Gold', exact: true })
    await tabTo(page, goldLink, 120, 'Shift+Tab')
    await page.keyboard.press('Enter')
    const folder = page.getByRole('textbox', { name: 'Gold folder' })
    await folder.waitFor(WAIT)
    await tabTo(page, folder)
    const gold = join(app.dir, 'gold-by-keyboard')
    await page.keyboard.press('Control+A')
    await page.keyboard.type(gold)
    await page.keyboard.press('Enter')
    const summary = page.getByRole('status', { name: 'Export summary' })
    await summary.waitFor(WAIT)
    expect((await summary.textContent())?.replace(/\s+/g, ' ')).toContain(`Exported 1 entry`)

    const [entry] = parseManifest(readFileSync(join(gold, 'manifest.jsonl'), 'utf8'))
    expect(entry).toMatchObject({ page: 1, status: 'corrected' })
    const text = readFileSync(join(gold, `${entry!.entry}.txt`), 'utf8')
    const moved = text.search(opening(secondText))
    const stayed = text.search(opening(firstText))
    expect(moved).toBeGreaterThanOrEqual(0)
    expect(stayed).toBeGreaterThan(moved)
    expect(text).toContain('Checked by keyboard.')
  })
})
