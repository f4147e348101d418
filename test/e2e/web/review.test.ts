import { describe, expect, it } from 'vitest'
import { samplesProject, screenshot, servedApp } from '../fixtures.js'
import { LibraryPage } from '../page-models/library-page.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage, type ShownBlock } from '../page-models/review-page.js'

const ARTICLE = 'two-column-article.pdf'
const TITLE = 'Reading order on a two-column page'
const RUNNING_HEAD = 'Recto sample article - Notes on text extraction'
const WAIT = { timeout: 15_000 }

/**
 * The reading order a person sees: blocks that span the gutter first, then the left column top
 * to bottom, then the right one.
 */
function columnOrder(blocks: readonly ShownBlock[]): number[] {
  const left = Math.min(...blocks.map((b) => b.box.x))
  const right = Math.max(...blocks.map((b) => b.box.x + b.box.width))
  const middle = (left + right) / 2
  const spans = (b: ShownBlock) => b.box.x < middle - 5 && b.box.x + b.box.width > middle + 5
  const byTop = (a: ShownBlock, b: ShownBlock) => a.box.y - b.box.y
  const wide = blocks.filter(spans).sort(byTop)
  const leftColumn = blocks.filter((b) => !spans(b) && b.box.x < middle).sort(byTop)
  const rightColumn = blocks.filter((b) => !spans(b) && b.box.x >= middle).sort(byTop)
  return [...wide, ...leftColumn, ...rightColumn].map((b) => b.id)
}

/** The left column's paragraphs come before the right column's, as the sample was written. */
function columnsInOrder(text: string): boolean {
  const left = ['Every page of a PDF', 'A reviewer who sees', 'The checks run on every page']
  const right = ['Two columns are the classic trap', 'The fix is to find', 'Tables, footnotes']
  const at = [...left, ...right].map((start) => text.indexOf(start))
  return at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]!))
}

async function orderShown(review: ReviewPage): Promise<number[]> {
  return (await review.shownBlocks()).map((b) => b.id)
}

const app = servedApp('recto-e2e-', samplesProject)

describe('reviewing the two-column sample in the browser', () => {
  let review: ReviewPage
  let target: number[]
  let header: ShownBlock
  let footer: ShownBlock
  let blockCount: number

  it('lists the sample documents in the library', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const library = new LibraryPage(page)
    await library.document(ARTICLE).waitFor(WAIT)
    await expect.poll(() => library.documents.count(), WAIT).toBe(5)
    await screenshot(page, 'library')
    await library.openQueue()
  })

  it('opens the page from the queue', async () => {
    const { page } = app
    const queue = new QueuePage(page)
    // At first the queue lists the pages the engine did not pass as ok: the samples' two scans.
    await expect.poll(() => queue.rows.count(), WAIT).toBe(2)
    for (const row of await queue.rows.all()) {
      expect(await row.locator('.decision').textContent()).not.toBe('ok')
    }
    await screenshot(page, 'queue-attention')
    await queue.showAll()
    await queue.thumbnail(ARTICLE, 1).waitFor(WAIT)
    expect(await queue.rows.count()).toBe(7)
    const first = await QueuePage.shown(queue.selected)
    await page.keyboard.press('j')
    await expect.poll(() => QueuePage.shown(queue.selected), WAIT).not.toEqual(first)
    await page.keyboard.press('k')
    await expect.poll(() => QueuePage.shown(queue.selected), WAIT).toEqual(first)
    await screenshot(page, 'queue')
    await queue.row(ARTICLE, 1).click()
    review = new ReviewPage(page, ARTICLE, 1)
    await review.image.waitFor(WAIT)
    // The browser decodes the engine's PNG whole: a damaged one leaves rows it could not read
    // transparent, or shows an empty box.
    const shown = await review.image.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const context = canvas.getContext('2d')!
      context.drawImage(img, 0, 0)
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
      let transparent = 0
      let inked = 0
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] !== 255) transparent++
        if (data[i]! < 128) inked++
      }
      return { width: img.naturalWidth, transparent, inked }
    })
    expect(shown.width).toBeGreaterThan(100)
    expect(shown.transparent).toBe(0)
    expect(shown.inked).toBeGreaterThan(1000)
    await review.block(1).waitFor(WAIT)
    blockCount = await review.blocks.count()
    expect(blockCount).toBeGreaterThan(3)
  })

  it('shows the running head and the page number as left out by the engine', async () => {
    const blocks = await review.shownBlocks()
    header = blocks.reduce((top, b) => (b.box.y < top.box.y ? b : top))
    footer = blocks.reduce((bottom, b) => (b.box.y > bottom.box.y ? b : bottom))
    expect(header.excluded).toBe(true)
    expect(footer.excluded).toBe(true)
    expect(await review.blockById(header.id).getAttribute('data-role')).toBe('header')
    expect(await review.blockById(footer.id).getAttribute('data-role')).toBe('footer')
    expect(blocks.filter((b) => b.excluded)).toHaveLength(2)
    // The engine's heading rule, which the Markdown export reads too, finds the title.
    const kept = blocks.filter((b) => !b.excluded)
    const title = kept.reduce((top, b) => (b.box.y < top.box.y ? b : top))
    const roles = await Promise.all(
      kept.map((b) => review.blockById(b.id).getAttribute('data-role'))
    )
    expect(roles.filter((role) => role === 'heading')).toHaveLength(1)
    expect(await review.blockById(title.id).getAttribute('data-role')).toBe('heading')
    await review.textTab.click()
    await expect.poll(() => review.pageText.inputValue(), WAIT).toContain('Every page of a PDF')
    expect(await review.pageText.inputValue()).not.toContain(RUNNING_HEAD)
  })

  it('fixes a wrong order by clicking the blocks in sequence', async () => {
    const { page } = app
    await review.blocksTab.click()
    const body = (await review.shownBlocks()).filter((b) => !b.excluded)
    target = [header.id, ...columnOrder(body), footer.id]

    // First spoil the order by dragging the first item of the order list to the end.
    await review.orderItem(1).dragTo(review.orderItem(blockCount))
    await expect.poll(() => orderShown(review), WAIT).not.toEqual(target)
    await review.saved.waitFor(WAIT)

    await review.orderByClicking.click()
    expect(await review.orderByClicking.getAttribute('aria-pressed')).toBe('true')
    for (const id of target.slice(0, -1)) await review.blockById(id).click()
    await page.keyboard.press('Escape')
    expect(await review.orderByClicking.getAttribute('aria-pressed')).toBe('false')
    await expect.poll(() => orderShown(review), WAIT).toEqual(target)
    await review.saved.waitFor(WAIT)
  })

  it('takes the running head in, leaves it out again, edits a word and approves', async () => {
    const { page } = app
    await review.blockById(header.id).click()
    await page.keyboard.press('x')
    await expect
      .poll(() => review.blockById(header.id).getAttribute('data-excluded'), WAIT)
      .toBe('false')
    await review.textTab.click()
    const startsWithHead = async () => (await review.pageText.inputValue()).startsWith(RUNNING_HEAD)
    await expect.poll(startsWithHead, WAIT).toBe(true)
    await review.saved.waitFor(WAIT)

    await page.keyboard.press('x')
    await expect
      .poll(() => review.blockById(header.id).getAttribute('data-excluded'), WAIT)
      .toBe('true')
    await expect.poll(() => review.pageText.inputValue(), WAIT).not.toContain(RUNNING_HEAD)

    const text = await review.pageText.inputValue()
    expect(text.startsWith(TITLE)).toBe(true)
    expect(columnsInOrder(text)).toBe(true)
    expect(text).toContain('find the gutter')
    await review.replaceWord('gutter', 'gully', WAIT)

    // Approving ends the page's review: the next page of the queue opens; back is this one.
    await review.approveAndComeBack(WAIT)
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Approved with corrections')
    await review.textTab.click()
  })

  it('undoes and redoes', async () => {
    const { page } = app
    await review.undo.click()
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Unreviewed')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('Control+Shift+Z')
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Approved with corrections')
    await review.saved.waitFor(WAIT)
    expect(await review.pageText.inputValue()).toContain('find the gully')
    await screenshot(page, 'page')
  })

  it('finds every change after a reload', async () => {
    const { page } = app
    await page.reload()
    review = new ReviewPage(page, ARTICLE, 1)
    await review.image.waitFor(WAIT)
    await expect.poll(() => orderShown(review), WAIT).toEqual(target)
    expect(await review.blockById(header.id).getAttribute('data-excluded')).toBe('true')
    expect(await review.blockById(footer.id).getAttribute('data-excluded')).toBe('true')
    expect(await review.status.textContent()).toBe('Approved with corrections')
    expect(await review.undo.isEnabled()).toBe(true)
    expect(await review.redo.isEnabled()).toBe(false)
    await review.textTab.click()
    const text = await review.pageText.inputValue()
    expect(text.startsWith(TITLE)).toBe(true)
    expect(columnsInOrder(text)).toBe(true)
    expect(text).toContain('find the gully')
    expect(text).not.toContain(RUNNING_HEAD)
  })
})
