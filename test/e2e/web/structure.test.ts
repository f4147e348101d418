import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage, type ShownBlock } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const ARTICLE = 'two-column-article.pdf'
const app = servedApp('recto-structure-', samplesProject)

async function ids(review: ReviewPage): Promise<number[]> {
  return (await review.shownBlocks()).map((b) => b.id).sort((a, b) => a - b)
}

describe('editing the blocks of a page in the browser', () => {
  let review: ReviewPage
  let original: number[]

  async function undo(): Promise<void> {
    await review.undo.click()
    await expect.poll(() => ids(review), WAIT).toEqual(original)
    await review.saved.waitFor(WAIT)
  }

  /** Selects the block at a reading-order position by its row. */
  async function select(position: number): Promise<void> {
    await review.orderPick(position).click()
    await expect.poll(() => review.isSelected(position), WAIT).toBe(true)
  }

  it('opens the page', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await new QueuePage(page).showAll()
    await new QueuePage(page).row(ARTICLE, 1).click()
    review = new ReviewPage(page, ARTICLE, 1)
    await review.image.waitFor(WAIT)
    await review.block(1).waitFor(WAIT)
    original = await ids(review)
  })

  it('changes a role, and undoes it', async () => {
    await select(3)
    const id = Number(await review.orderItem(3).getAttribute('data-block-id'))
    const role = review.page.getByRole('combobox', { name: 'Role of the selected block' })
    expect(await role.inputValue()).toBe('body')
    await role.selectOption('caption')
    await expect.poll(() => review.blockById(id).getAttribute('data-role'), WAIT).toBe('caption')
    await review.saved.waitFor(WAIT)
    await review.undo.click()
    await expect.poll(() => review.blockById(id).getAttribute('data-role'), WAIT).toBe('body')
  })

  it('merges a block with the next, and undoes it', async () => {
    await select(3)
    await review.page.getByRole('button', { name: 'Merge with next', exact: true }).click()
    await expect.poll(() => review.blocks.count(), WAIT).toBe(original.length - 1)
    await review.saved.waitFor(WAIT)
    await undo()
  })

  it('splits a block before a line, and undoes it', async () => {
    const { page } = review
    await select(3)
    await page.getByRole('button', { name: 'Split…', exact: true }).click()
    await page.getByRole('button', { name: 'Split here, before line 2', exact: true }).click()
    await expect.poll(() => review.blocks.count(), WAIT).toBe(original.length + 1)
    await review.saved.waitFor(WAIT)
    await screenshot(page, 'structure-split')
    await undo()
  })

  it('draws a region over the text layer, and undoes it', async () => {
    const { page } = review
    const blocks = await review.shownBlocks()
    const target = blocks.find((b) => b.position === 4)!
    await page.getByRole('button', { name: 'Draw a region', exact: true }).click()
    const { x, y, width, height } = target.box
    await page.mouse.move(x - 4, y - 4)
    await page.mouse.down()
    await page.mouse.move(x + width / 2, y + height / 2, { steps: 4 })
    await page.mouse.move(x + width + 4, y + height + 4, { steps: 4 })
    await page.mouse.up()
    // The region took the block's lines: the block is gone, a new one stands in its place.
    let after: ShownBlock[] = []
    await expect
      .poll(async () => {
        after = await review.shownBlocks()
        return after.length === original.length && after.some((b) => !original.includes(b.id))
      }, WAIT)
      .toBe(true)
    const region = after.find((b) => !original.includes(b.id))!
    expect(region.position).toBe(4)
    expect(Math.abs(region.box.y - target.box.y)).toBeLessThan(4)
    await review.saved.waitFor(WAIT)
    await screenshot(page, 'structure-region')
    await undo()
  })
})
