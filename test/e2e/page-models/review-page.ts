import type { Locator, Page } from 'playwright-core'
import { QueuePage } from './queue-page.js'

export type ShownBlock = Readonly<{
  /** Position in the reading order, from the button's name `Block K`. */
  position: number
  id: number
  excluded: boolean
  box: Readonly<{ x: number; y: number; width: number; height: number }>
}>

export class ReviewPage {
  readonly image: Locator
  readonly blocks: Locator
  readonly approve: Locator
  readonly undo: Locator
  readonly redo: Locator
  readonly resetOrder: Locator
  readonly orderByClicking: Locator
  readonly pageText: Locator
  readonly status: Locator
  readonly saved: Locator
  readonly textTab: Locator
  readonly blocksTab: Locator
  readonly orderList: Locator

  constructor(
    readonly page: Page,
    documentName: string,
    pageNo: number
  ) {
    this.image = page.getByRole('img', { name: `Page ${pageNo} of ${documentName}`, exact: true })
    this.blocks = page.getByRole('button', { name: /^Block \d+$/ })
    this.approve = page.getByRole('button', { name: 'Approve', exact: true })
    this.undo = page.getByRole('button', { name: 'Undo', exact: true })
    this.redo = page.getByRole('button', { name: 'Redo', exact: true })
    this.resetOrder = page.getByRole('button', { name: 'Reset order', exact: true })
    this.orderByClicking = page.getByRole('button', { name: 'Order by clicking', exact: true })
    this.pageText = page.getByRole('textbox', { name: 'Page text', exact: true })
    this.status = page.getByLabel('Page status')
    this.saved = page.getByText('All changes saved', { exact: true })
    this.textTab = page.getByRole('tab', { name: 'Text' })
    this.blocksTab = page.getByRole('tab', { name: /^Blocks/ })
    this.orderList = page.getByRole('list', { name: 'Reading order' })
  }

  block(position: number): Locator {
    return this.page.getByRole('button', { name: `Block ${position}`, exact: true })
  }

  /** A block by its id in the layout, whatever its position now. */
  blockById(id: number): Locator {
    return this.blocks.and(this.page.locator(`[data-block-id="${id}"]`))
  }

  /**
   * Replaces a word of the page text in the Text tab, then waits until the diff shows the new
   * word and the change is saved.
   */
  async replaceWord(before: string, after: string, wait: { timeout: number }): Promise<void> {
    const text = await this.pageText.inputValue()
    await this.pageText.fill(text.replace(before, after))
    await this.pageText.blur()
    await this.page.locator('ins', { hasText: after }).waitFor(wait)
    await this.saved.waitFor(wait)
  }

  /**
   * Approves the page, which opens the next page of the queue, and comes back to this one (the
   * browser's Back) once the next one shows.
   */
  async approveAndComeBack(wait: { timeout: number }): Promise<void> {
    const here = this.page.url()
    await this.approve.click()
    await this.page.waitForURL((url) => url.toString() !== here, wait)
    await this.page.getByRole('img', { name: /^Page \d+ of / }).waitFor(wait)
    await this.page.goBack()
    await this.image.waitFor(wait)
  }

  /** The row of the order list at a position: its block, and its Edit and Exclude buttons. */
  orderItem(position: number): Locator {
    return this.orderList.getByRole('listitem').nth(position - 1)
  }

  /** The row's own control, named by what it shows (its position, role and text): it selects. */
  orderPick(position: number): Locator {
    return this.orderItem(position).getByRole('button', { name: new RegExp(`^${position} `) })
  }

  /** Whether the row at a position is the selected block's, as a screen reader hears it. */
  async isSelected(position: number): Promise<boolean> {
    return (await this.orderPick(position).getAttribute('aria-current')) === 'true'
  }

  /** Every block as shown on the page, by position in the reading order. */
  async shownBlocks(): Promise<ShownBlock[]> {
    // One read of them all: block by block, a block an undo had just removed would be waited for
    // until the action timeout.
    const read = await this.blocks.evaluateAll((elements) =>
      elements.map((element) => {
        const rect = element.getBoundingClientRect()
        return {
          name: element.getAttribute('aria-label') ?? '',
          id: Number(element.getAttribute('data-block-id')),
          excluded: element.getAttribute('data-excluded') === 'true',
          box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
        }
      })
    )
    const shown = read.map(({ name, id, excluded, box }) => {
      if (box.width === 0 && box.height === 0) throw new Error(`${name} is not visible`)
      return { position: Number(name.replace('Block ', '')), id, excluded, box }
    })
    return shown.sort((a, b) => a.position - b.position)
  }
}

/**
 * Opens a page as a reviewer does from the start: the app at `url`, the document in the Library,
 * every page of it listed in its queue, the page's row; waits for the page's image.
 */
export async function openFromLibrary(
  page: Page,
  url: string,
  documentName: string,
  pageNo: number,
  wait: { timeout: number }
): Promise<ReviewPage> {
  await page.goto(url)
  await page.getByRole('button', { name: documentName, exact: true }).click()
  const queue = new QueuePage(page)
  await queue.showAll()
  await queue.row(documentName, pageNo).click()
  const review = new ReviewPage(page, documentName, pageNo)
  await review.image.waitFor(wait)
  return review
}
