import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { templatePdf } from '../../helpers/template-pdf.js'
import { expectAccessible } from '../axe.js'
import { screenshot, servedApp } from '../fixtures.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest, ingestSamples } from '../serve.js'

const WAIT = { timeout: 30_000 }
const ARTICLE = 'two-column-article.pdf'

/** The samples, and three pages of one two-column template: a reordered one offers the others. */
const app = servedApp('recto-a11y-', (dir) => {
  const dbFile = join(dir, 'review.sqlite')
  ingestSamples(dbFile)
  const report = join(dir, 'report.pdf')
  writeFileSync(report, templatePdf(['two-column', 'two-column', 'two-column']))
  ingest(dbFile, report)
  return dbFile
})

/** Opens a page from the queue's row, every page listed; waits for its image and first block. */
async function openPage(page: Page, documentName: string, pageNo: number): Promise<ReviewPage> {
  if (!page.url().startsWith(new URL(app.served.url).origin)) await page.goto(app.served.url)
  await page.getByRole('link', { name: 'Queue', exact: true }).click()
  const queue = new QueuePage(page)
  await queue.showAll()
  await queue.row(documentName, pageNo).click()
  const review = new ReviewPage(page, documentName, pageNo)
  await review.image.waitFor(WAIT)
  return review
}

/** Whether the focus is inside the element the CSS `selector` finds. */
function holdsFocus(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => !!document.activeElement?.closest(s), selector)
}

describe('axe-core finds nothing serious or critical; each screen has its own title', () => {
  it('in the Library', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('button', { name: ARTICLE, exact: true }).waitFor(WAIT)
    await page.getByRole('region', { name: 'Cascade plan' }).waitFor(WAIT)
    await expectAccessible(page, 'the Library')
    expect(await page.title()).toBe('Library · Recto')
  })

  it('in the queue, filtered and with every page', async () => {
    const { page } = app
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    const queue = new QueuePage(page)
    await queue.rows.first().waitFor(WAIT)
    await expectAccessible(page, 'the queue')
    expect(await page.title()).toBe('Queue · Recto')
    await queue.showAll()
    await queue.row('report.pdf', 3).waitFor(WAIT)
    await queue.thumbnail(ARTICLE, 1).waitFor(WAIT)
    await expectAccessible(page, 'the queue of every page')
  })

  it('on a text page: its blocks, a selected one, the split list, the editor, ordering by clicking', async () => {
    const { page } = app
    const review = await openPage(page, ARTICLE, 1)
    await review.block(1).waitFor(WAIT)
    await expectAccessible(page, 'a text page')
    expect(await page.title()).toBe(`${ARTICLE}, page 1 · Recto`)
    await review.orderPick(3).click()
    await page.keyboard.press('s')
    await page.getByRole('list', { name: 'Lines of block 3' }).waitFor(WAIT)
    await expectAccessible(page, 'a text page with the split list open')
    await page.keyboard.press('s')
    await page.keyboard.press('e')
    await page.getByRole('textbox', { name: 'Text of block 3', exact: true }).waitFor(WAIT)
    await expectAccessible(page, 'a text page with the block editor open')
    await page.keyboard.press('Escape')
    await page.keyboard.press('o')
    await page.getByText(/^Click the blocks in reading order/).waitFor(WAIT)
    await expectAccessible(page, 'a text page ordered by clicking')
    await page.keyboard.press('Escape')
  })

  it("on a text page's Text and History tabs, after an edit", async () => {
    const { page } = app
    const review = new ReviewPage(page, ARTICLE, 1)
    await page.keyboard.press('x')
    await review.saved.waitFor(WAIT)
    await page.keyboard.press('t')
    await review.pageText.waitFor(WAIT)
    await expectAccessible(page, "a text page's Text tab")
    await page.keyboard.press('h')
    await page.getByRole('list', { name: 'Revisions' }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Show text' }).first().click()
    await expectAccessible(page, "a text page's History tab")
    await page.keyboard.press('b')
  })

  it('on a scanned page, with its OCR controls', async () => {
    const { page } = app
    await openPage(page, 'scanned-page.pdf', 1)
    await page.getByRole('region', { name: 'OCR' }).waitFor(WAIT)
    await expectAccessible(page, 'a scanned page')
  })

  it("on a page with broken fonts: its Fonts tab, and Approve's question", async () => {
    const { page } = app
    const review = await openPage(page, 'broken-font-map.pdf', 1)
    await page.keyboard.press('f')
    await page.getByRole('tabpanel', { name: 'Fonts' }).waitFor(WAIT)
    await expectAccessible(page, "a page's Fonts tab")
    await review.approve.focus()
    await page.keyboard.press('Enter')
    const question = page.getByRole('alertdialog', { name: 'Approve with unreadable characters' })
    await question.waitFor(WAIT)
    await expectAccessible(page, 'the question before approving unreadable characters')
    // It opens on Cancel, and Esc gives the focus back to Approve.
    const cancel = question.getByRole('button', { name: 'Cancel' })
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await question.waitFor({ state: 'detached', ...WAIT })
    expect(await review.approve.evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('in the key help and the pages-like-this dialogs', async () => {
    const { page } = app
    const review = await openPage(page, 'report.pdf', 1)
    await review.block(4).waitFor(WAIT)
    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keys' }).waitFor(WAIT)
    await expectAccessible(page, 'the key help')
    await page.keyboard.press('Escape')

    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Alt+ArrowUp')
    await review.saved.waitFor(WAIT)
    await page.getByRole('button', { name: 'Pages like this…' }).waitFor(WAIT)
    await expectAccessible(page, 'a page offering its order to pages like it')
    await page.keyboard.press('l')
    const dialog = page.getByRole('dialog', { name: 'Pages like this one' })
    await dialog.getByRole('img', { name: 'Page 2 of report.pdf' }).waitFor(WAIT)
    await expectAccessible(page, 'the pages-like-this dialog')
    await screenshot(page, 'a11y-teach-dialog')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', ...WAIT })
    // The order goes back: a later test teaches it from another page of the three.
    await page.keyboard.press('Control+z')
    await expect.poll(() => review.undo.isDisabled(), WAIT).toBe(true)
  })

  it('on the Gold, Scores and Find and replace screens', async () => {
    const { page } = app
    await page.getByRole('link', { name: 'Gold', exact: true }).click()
    await page.getByRole('region', { name: 'Other exports' }).waitFor(WAIT)
    await expectAccessible(page, 'the Gold screen')
    await page.getByRole('link', { name: 'Scores', exact: true }).click()
    await page.getByRole('heading', { name: 'Scores' }).waitFor(WAIT)
    await expectAccessible(page, 'the Scores screen')
    await page.getByRole('link', { name: 'Find & replace', exact: true }).click()
    await page.getByRole('textbox', { name: 'Find', exact: true }).fill('the')
    await page.keyboard.press('Enter')
    await page.getByRole('list', { name: 'Pages with matches' }).waitFor(WAIT)
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Suggest OCR fixes' }).click()
    await page.getByRole('region', { name: 'OCR suggestions' }).waitFor(WAIT)
    await expectAccessible(page, 'the Find and replace screen')
    expect(await page.title()).toBe('Find and replace · Recto')
  })
})

describe('dialogs keep the focus while open and give it back on close', () => {
  it('the key help: Tab and Shift+Tab go round it, Esc returns to the ? button', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await openPage(page, ARTICLE, 1)
    const opener = page.getByRole('button', { name: 'Keys', exact: true })
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Keys' })
    await dialog.waitFor(WAIT)
    expect(await holdsFocus(page, '[role="dialog"]')).toBe(true)
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key)
      expect(await holdsFocus(page, '[role="dialog"]'), `after ${key}`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached', ...WAIT })
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true)
  })

  it('pages like this: Tab goes round its checkboxes and buttons, None returns to the offer', async () => {
    const { page } = app
    await page.goto(app.served.url)
    const review = await openPage(page, 'report.pdf', 3)
    await review.block(4).waitFor(WAIT)
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Alt+ArrowUp')
    await review.saved.waitFor(WAIT)
    const offer = page.getByRole('button', { name: 'Pages like this…' })
    await offer.waitFor(WAIT)
    await offer.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Pages like this one' })
    const boxes = dialog.getByRole('checkbox')
    await boxes.first().waitFor(WAIT)
    // None, Tick all, Tick none, two checkboxes, Apply…: more Tabs than controls come back round.
    const controls = await dialog.locator('button:not([disabled]), input').count()
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press('Tab')
      expect(await holdsFocus(page, '[role="dialog"]'), `after Tab ${i + 1}`).toBe(true)
    }
    await dialog.getByRole('button', { name: 'None', exact: true }).last().focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached', ...WAIT })
    expect(await offer.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press('Control+z')
    await expect.poll(() => review.undo.isDisabled(), WAIT).toBe(true)
  })
})

/**
 * Whether a control can be brought into the window and is what a click at its middle would hit:
 * not cut off by a column's edge, not under another element, not squeezed to nothing.
 */
async function reachable(control: Locator): Promise<boolean> {
  await control.scrollIntoViewIfNeeded()
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    if (box.width < 1 || box.height < 1) return false
    const x = box.left + Math.min(box.width / 2, 8)
    const y = box.top + box.height / 2
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false
    const hit = document.elementFromPoint(x, y)
    return !!hit && (hit === element || element.contains(hit))
  })
}

/** Every control the list names that cannot be reached, by name. */
async function unreachable(controls: Record<string, Locator>): Promise<string[]> {
  const lost: string[] = []
  for (const [name, control] of Object.entries(controls)) {
    if (!(await reachable(control))) lost.push(name)
  }
  return lost
}

describe('a 1280×720 window, and the same window at 200 % zoom (640×360 CSS pixels)', () => {
  // At 200 % a CSS pixel is two device pixels: the page images are rendered for that density.
  for (const size of [
    { width: 1280, height: 720, deviceScaleFactor: 1 },
    { width: 640, height: 360, deviceScaleFactor: 2 }
  ]) {
    it(`keeps every primary control in reach at ${size.width}×${size.height}`, async () => {
      const { page } = app
      const devtools = await page.context().newCDPSession(page)
      await devtools.send('Emulation.setDeviceMetricsOverride', { ...size, mobile: false })
      try {
        const link = (name: string) => page.getByRole('link', { name, exact: true })
        const button = (name: string) => page.getByRole('button', { name, exact: true })
        const nav = {
          Library: link('Library'),
          Queue: link('Queue'),
          Gold: link('Gold'),
          Scores: link('Scores'),
          'Find & replace': link('Find & replace')
        }
        await page.goto(app.served.url)
        await button(ARTICLE).waitFor(WAIT)
        expect(await page.evaluate(() => [innerWidth, innerHeight, devicePixelRatio])).toEqual([
          size.width,
          size.height,
          size.deviceScaleFactor
        ])
        expect(await unreachable({ ...nav, 'Add PDFs…': button('Add PDFs…') })).toEqual([])

        const review = await openPage(page, ARTICLE, 1)
        await review.block(1).waitFor(WAIT)
        const last = await review.orderList.getByRole('listitem').count()
        const onPage = {
          ...nav,
          '← Queue': link('← Queue'),
          ...Object.fromEntries(
            ['Previous', 'Next', 'Keys', 'Reject', 'Mark for OCR', 'Approve'].map((name) => [
              name,
              button(name)
            ])
          ),
          'Zoom in': button('Zoom in'),
          'Fit width': button('Fit width'),
          'Page view': page.getByRole('region', { name: 'Page view' }),
          'Blocks tab': review.blocksTab,
          'Text tab': review.textTab,
          'History tab': page.getByRole('tab', { name: 'History' }),
          'Order by clicking': review.orderByClicking,
          'Reset order': review.resetOrder,
          'Draw a region': button('Draw a region'),
          Role: page.getByRole('combobox', { name: 'Role of the selected block' }),
          'first row': review.orderPick(1),
          'Edit text of block 1': button('Edit text of block 1'),
          [`last row`]: review.orderPick(last),
          [`Exclude block ${last}`]: page.getByRole('button', {
            name: new RegExp(`^(Exclude|Include) block ${last}$`)
          })
        }
        expect(await unreachable(onPage)).toEqual([])
        await page.keyboard.press('t')
        expect(await page.evaluate(() => innerWidth)).toBe(size.width)
        expect(await unreachable({ 'Page text': review.pageText })).toEqual([])

        // The offer to teach pages like this one floats over the screen: it must not hide a row.
        const report = await openPage(page, 'report.pdf', 2)
        await report.block(5).waitFor(WAIT)
        for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown')
        await page.keyboard.press('Alt+ArrowUp')
        await page.getByRole('button', { name: 'Pages like this…' }).waitFor(WAIT)
        const rows = await report.orderList.getByRole('listitem').count()
        expect(
          await unreachable({
            'Pages like this…': button('Pages like this…'),
            'last row': report.orderPick(rows),
            [`Edit text of block ${rows}`]: button(`Edit text of block ${rows}`)
          })
        ).toEqual([])
        await page.keyboard.press('Control+z')
        await report.saved.waitFor(WAIT)

        await link('Gold').click()
        await page.getByRole('region', { name: 'Other exports' }).waitFor(WAIT)
        expect(
          await unreachable({
            'Gold folder': page.getByRole('textbox', { name: 'Gold folder' }),
            'Export gold set…': button('Export gold set…'),
            'Export JSONL': button('Export JSONL')
          })
        ).toEqual([])
      } finally {
        await devtools.send('Emulation.clearDeviceMetricsOverride')
        await devtools.detach()
        await page.setViewportSize({ width: 1400, height: 900 })
      }
    })
  }
})

/**
 * Walks every Tab stop of the screen from its top, round to the first again, and lists the stops
 * that show no focus outline of at least 2 px; also how many stops there were.
 */
async function stopsWithoutRing(
  page: Page,
  most = 150
): Promise<{ stops: number; bare: string[] }> {
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    delete (window as { firstStop?: Element }).firstStop
  })
  const bare: string[] = []
  for (let stop = 0; stop < most; stop++) {
    await page.keyboard.press('Tab')
    const seen = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return null
      const marks = window as { firstStop?: Element }
      if (marks.firstStop === element) return 'round'
      marks.firstStop ??= element
      const style = getComputedStyle(element)
      const label = element.getAttribute('aria-label') ?? element.textContent ?? ''
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
      return ring ? 'ring' : `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`
    })
    if (seen === 'round') return { stops: stop, bare }
    if (seen !== null && seen !== 'ring') bare.push(seen)
  }
  return { stops: most, bare }
}

describe('the focus shows on every control Tab reaches', () => {
  it('in the Library, the queue, a text page and the Gold screen', async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('button', { name: ARTICLE, exact: true }).waitFor(WAIT)
    expect((await stopsWithoutRing(page)).bare).toEqual([])
    const review = await openPage(page, ARTICLE, 1)
    await review.block(1).waitFor(WAIT)
    const onPage = await stopsWithoutRing(page)
    expect(onPage.bare).toEqual([])
    expect(onPage.stops).toBeGreaterThan(20)
    await page.getByRole('link', { name: 'Queue', exact: true }).click()
    await new QueuePage(page).rows.first().waitFor(WAIT)
    expect((await stopsWithoutRing(page)).bare).toEqual([])
    await page.getByRole('link', { name: 'Gold', exact: true }).click()
    await page.getByRole('region', { name: 'Other exports' }).waitFor(WAIT)
    expect((await stopsWithoutRing(page)).bare).toEqual([])
  })
})
