import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeDensePdf } from '../dense-pdf.js'
import { servedApp } from '../fixtures.js'
import { ReviewPage } from '../page-models/review-page.js'
import { ingest } from '../serve.js'

const WAIT = { timeout: 20_000 }
let blocks = 0
const app = servedApp('recto-dense-', (dir) => {
  const pdf = join(dir, 'dense-grid.pdf')
  const dbFile = join(dir, 'review.sqlite')
  blocks = writeDensePdf(pdf)
  ingest(dbFile, pdf)
  return dbFile
})

describe('a page with 800 blocks', () => {
  it('opens with every block, renumbers on each click and moves a row with the keyboard', async () => {
    const { page } = app
    const review = new ReviewPage(page, 'dense-grid.pdf', 1)
    const opening = performance.now()
    await page.goto(app.served.url.replace('/?', '/?') + '#/page/1/1')
    await review.image.waitFor(WAIT)
    await review.block(blocks).waitFor(WAIT)
    const openMs = performance.now() - opening
    expect(await review.blocks.count()).toBe(blocks)

    // Order by clicking: each click renumbers all 800 blocks. Timed inside the page, from the
    // click to the next painted frame, so the browser driver's own latency is not counted.
    await review.orderByClicking.click()
    const clicks = await page.evaluate(async () => {
      const times: number[] = []
      const renumbered: boolean[] = []
      const all = () => [...document.querySelectorAll<HTMLElement>('button[data-block-id]')]
      for (let k = 0; k < 5; k++) {
        const blocks = all().filter((b) => /^Block \d+$/.test(b.getAttribute('aria-label') ?? ''))
        const target = blocks[blocks.length - 1 - k * 37]!
        const started = performance.now()
        target.click()
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))
        times.push(performance.now() - started)
        renumbered.push(target.getAttribute('aria-label') === `Block ${k + 1}`)
      }
      return { times, renumbered }
    })
    expect(clicks.renumbered).toEqual([true, true, true, true, true])
    const clickMs = [...clicks.times].sort((a, b) => a - b)[2]!
    await page.keyboard.press('Escape')
    await review.saved.waitFor(WAIT)

    // Moving one row of the order list with the keyboard.
    const second = await review.block(2).getAttribute('data-block-id')
    await review.orderPick(2).focus()
    const moving = performance.now()
    await page.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => review.block(1).getAttribute('data-block-id'), WAIT).toBe(second)
    const moveMs = performance.now() - moving
    await review.saved.waitFor(WAIT)

    // Timings are printed, not asserted: speed targets live in `npm run bench`.
    process.stdout.write(
      `dense page (${blocks} blocks): open ${openMs.toFixed(0)} ms, ` +
        `click-to-renumber median ${clickMs.toFixed(0)} ms, keyboard move ${moveMs.toFixed(0)} ms\n`
    )
  })
})
