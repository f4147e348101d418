import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { openFromLibrary } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const ARTICLE = 'two-column-article.pdf'
const app = servedApp('recto-text-link-', samplesProject)

describe('the page text edited by hand and the blocks', () => {
  it('says on the Blocks tab that blocks no longer change the text, and makes it again', async () => {
    const { page } = app
    const review = await openFromLibrary(page, app.served.url, ARTICLE, 1, WAIT)
    const note = page.getByRole('note', { name: 'Page text edited by hand' })
    expect(await note.count()).toBe(0)

    await review.textTab.click()
    await review.replaceWord('gutter', 'gully', WAIT)
    await review.blocksTab.click()
    await note.waitFor(WAIT)

    // Leave out the block that holds the edited word: the hand-edited text keeps it.
    const kept = (await review.shownBlocks()).filter((b) => !b.excluded)
    const texts = await Promise.all(kept.map((b) => review.orderItem(b.position).textContent()))
    const gully = kept[texts.findIndex((text) => text?.includes('gutter'))]!
    await review.blockById(gully.id).click()
    await page.keyboard.press('x')
    await expect
      .poll(() => review.blockById(gully.id).getAttribute('data-excluded'), WAIT)
      .toBe('true')
    await review.saved.waitFor(WAIT)
    await screenshot(page, 'blocks-page-text-link-cut')

    await note.getByRole('button', { name: 'Use the text made from the blocks' }).click()
    await note.waitFor({ state: 'detached', ...WAIT })
    await review.saved.waitFor(WAIT)
    await review.textTab.click()
    await expect.poll(() => review.pageText.inputValue(), WAIT).not.toContain('gully')
    expect(await review.pageText.inputValue()).not.toContain('find the gutter')
  })
})
