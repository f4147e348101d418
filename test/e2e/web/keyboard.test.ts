import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { openFromLibrary, ReviewPage } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const ARTICLE = 'two-column-article.pdf'
const app = servedApp('recto-keys-', samplesProject)

/** The id of the block whose row has the keyboard focus, or null. */
function focusedRow(review: ReviewPage): Promise<number | null> {
  return review.page.evaluate(() => {
    const row = document.activeElement?.closest('li[data-block-id]')
    return row ? Number(row.getAttribute('data-block-id')) : null
  })
}

describe('reviewing a page with the keyboard only', () => {
  it('selects, reorders, excludes, edits, cancels an edit and approves', async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, ARTICLE, 1, WAIT)
    await review.block(1).waitFor(WAIT)
    const pageUrl = page.url()
    const before = await review.shownBlocks()

    // `?` lists the keys of the screen, from the table the screen runs them from.
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keys' })
    await help.waitFor(WAIT)
    for (const does of [
      'Select the next / previous block in reading order',
      "Edit the selected block's text",
      'In the block editor: close it without keeping the text',
      'Approve the page and open the next one'
    ]) {
      await help.getByText(does, { exact: true }).waitFor(WAIT)
    }
    await screenshot(page, 'keys-help')
    await page.keyboard.press('Escape')
    await help.waitFor({ state: 'detached', ...WAIT })

    // With nothing selected, x leaves the block under the mouse alone.
    const kept = before.find((b) => !b.excluded)!
    await page.mouse.move(kept.box.x + kept.box.width / 2, kept.box.y + kept.box.height / 2)
    await page.keyboard.press('x')
    expect(await review.blockById(kept.id).getAttribute('data-excluded')).toBe('false')
    expect(await review.undo.isDisabled()).toBe(true)
    await page.mouse.move(0, 0)

    // The arrows walk the reading order, selecting each block and focusing its row.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const second = before.find((b) => b.position === 2)!
    await expect.poll(() => focusedRow(review), WAIT).toBe(second.id)
    expect(await review.isSelected(2)).toBe(true)
    // Esc unselects; Enter on the focused row selects it again.
    await page.keyboard.press('Escape')
    await expect.poll(() => review.isSelected(2), WAIT).toBe(false)
    await page.keyboard.press('Enter')
    await expect.poll(() => review.isSelected(2), WAIT).toBe(true)

    // Alt+↑ moves it first in the order, and the focus goes with it.
    await page.keyboard.press('Alt+ArrowUp')
    await expect
      .poll(() => review.orderItem(1).getAttribute('data-block-id'), WAIT)
      .toBe(String(second.id))
    expect(await focusedRow(review)).toBe(second.id)
    await review.saved.waitFor(WAIT)

    // x excludes the selected block, and again takes it back in.
    await page.keyboard.press('x')
    await expect
      .poll(() => review.blockById(second.id).getAttribute('data-excluded'), WAIT)
      .toBe('true')
    await page.keyboard.press('x')
    await expect
      .poll(() => review.blockById(second.id).getAttribute('data-excluded'), WAIT)
      .toBe('false')

    // e opens the editor with the focus in it; Esc closes it and keeps nothing.
    await page.keyboard.press('e')
    const editor = page.getByRole('textbox', { name: 'Text of block 1', exact: true })
    await expect.poll(() => editor.evaluate((field) => field === document.activeElement)).toBe(true)
    const original = await editor.inputValue()
    await page.keyboard.press('End')
    await page.keyboard.type(' Never kept.')
    await screenshot(page, 'keyboard-editing')
    await page.keyboard.press('Escape')
    await editor.waitFor({ state: 'detached', ...WAIT })
    expect(await focusedRow(review)).toBe(second.id)
    await review.saved.waitFor(WAIT)
    expect(await review.orderItem(1).locator('ins').count()).toBe(0)

    // F2 opens it again; Ctrl+Enter keeps the text.
    await page.keyboard.press('F2')
    await expect.poll(() => editor.evaluate((field) => field === document.activeElement)).toBe(true)
    expect(await editor.inputValue()).toBe(original)
    await page.keyboard.press('End')
    await page.keyboard.type(' Checked.')
    await page.keyboard.press('Control+Enter')
    await review.orderItem(1).locator('ins', { hasText: 'Checked.' }).waitFor(WAIT)
    await review.saved.waitFor(WAIT)
    await page.keyboard.press('t')
    await expect.poll(() => review.pageText.inputValue(), WAIT).toContain('Checked.')
    expect(await review.pageText.inputValue()).not.toContain('Never kept.')
    await page.keyboard.press('b')
    await review.orderList.waitFor(WAIT)

    // a approves the page and opens the next one of the queue.
    await page.keyboard.press('a')
    await expect.poll(() => page.url(), WAIT).not.toBe(pageUrl)
    await page.getByRole('img', { name: /^Page \d+ of / }).waitFor(WAIT)
    await page.keyboard.press('p')
    await expect.poll(() => page.url(), WAIT).toBe(pageUrl)
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Approved with corrections')
  })
})
