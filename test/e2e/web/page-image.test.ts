import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../../helpers/corpus.js'
import { drawnPdf, type Run } from '../../helpers/drawn-pdf.js'
import { screenshot, servedApp } from '../fixtures.js'
import { ingest, ingestSamples } from '../serve.js'
import { QueuePage } from '../page-models/queue-page.js'

const WAIT = { timeout: 30_000 }
const OPENS = 30
/** 200 inches, as wide as a PDF page may be: a fold-out plan, drawn across its whole width. */
const WIDE = 'fold-out-plan.pdf'

function foldOutPlan(dir: string): string {
  const runs: Run[] = []
  for (let x = 36; x < 14_400 - 300; x += 720) {
    runs.push({ x, y: 700, text: `Station ${x / 72} inches`, size: 36 })
    runs.push({ x, y: 120, text: 'Fold-out section', size: 36 })
  }
  const file = join(dir, WIDE)
  writeFileSync(file, drawnPdf([{ width: 14_400, height: 792, runs }]))
  return file
}

/** The samples, two corpus papers of the same page size, and one 200-inch page. */
function project(dir: string): string {
  const dbFile = join(dir, 'images.sqlite')
  ingestSamples(dbFile)
  ingest(
    dbFile,
    corpusPdf('pdfjs__TAMReview.pdf'),
    corpusPdf('pdfjs__tracemonkey.pdf'),
    foldOutPlan(dir)
  )
  return dbFile
}

/** The same pseudo-random sequence on every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Shown = Readonly<{ documentName: string; pageNo: number }>

/** The page the review screen's header names, once the screen has one. */
async function header(page: Page): Promise<Shown> {
  const text = (await page.locator('header.top h1').textContent(WAIT)) ?? ''
  const named = /^\s*(.*?)\s*page (\d+) of \d+\s*$/.exec(text)
  if (!named) throw new Error(`the header names no page: "${text}"`)
  return { documentName: named[1]!, pageNo: Number(named[2]) }
}

/** What the page view shows instead of an image: its alerts, the sheet's size, the images drawn. */
async function pageViewState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const sheet = document.querySelector<HTMLElement>('.sheet')
    const images = [...document.querySelectorAll<HTMLImageElement>('.sheet img')].map(
      (img) => `${img.alt} ${img.dataset.scale} ${img.getBoundingClientRect().width}px`
    )
    const alerts = [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent)
    const viewport = document.querySelector<HTMLElement>('.viewport')
    return JSON.stringify({
      header: document.querySelector('header.top h1')?.textContent,
      sheet: sheet ? `${sheet.style.width} × ${sheet.style.height}` : null,
      viewport: viewport?.clientWidth,
      images,
      alerts
    })
  })
}

type Compared = Readonly<{ shown: string; own: string; scale: number; width: number }>

/**
 * A checksum of the pixels the page image shows, and of the engine's own rendering of the page
 * the header names at the same scale, fetched straight from the server: both decoded by the same
 * browser the same way.
 */
async function compareWithOwnRender(page: Page, shown: Shown): Promise<Compared> {
  const image = page.getByRole('img', {
    name: `Page ${shown.pageNo} of ${shown.documentName}`,
    exact: true
  })
  // A fold-out plan's rendering waits behind the one under way: long when the suite loads the CPU.
  await image.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\nthe page view then: ${await pageViewState(page)}`)
  })
  return image.evaluate(
    async (img: HTMLImageElement, { documentName, pageNo }) => {
      const checksum = async (source: HTMLImageElement): Promise<string> => {
        await source.decode()
        const canvas = document.createElement('canvas')
        canvas.width = source.naturalWidth
        canvas.height = source.naturalHeight
        const context = canvas.getContext('2d')!
        context.drawImage(source, 0, 0)
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
        const digest = await crypto.subtle.digest('SHA-256', data)
        const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0'))
        return `${canvas.width}x${canvas.height}:${hex.join('')}`
      }
      const token = new URLSearchParams(location.search).get('token') ?? ''
      const rpc = async (method: string, input: unknown): Promise<unknown> => {
        const response = await fetch(`/rpc/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
          body: JSON.stringify(input)
        })
        const result = (await response.json()) as { ok: boolean; value: unknown }
        if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result)}`)
        return result.value
      }
      // Read before any await: the screen may render the page again at another zoom meanwhile.
      const scale = Number(img.dataset.scale)
      const copy = new Image()
      copy.src = img.src
      const shownSum = await checksum(copy)
      const listed = (await rpc('documents.list', {})) as { id: number; name: string }[]
      const documentId = listed.find((doc) => doc.name === documentName)?.id
      const own = (await rpc('pages.image', { documentId, pageNo, scale })) as { png: string }
      const ownImage = new Image()
      ownImage.src = `data:image/png;base64,${own.png}`
      return {
        shown: shownSum,
        own: await checksum(ownImage),
        scale,
        width: img.getBoundingClientRect().width
      }
    },
    { documentName: shown.documentName, pageNo: shown.pageNo }
  )
}

async function pageNumbers(page: Page): Promise<Map<string, { id: number; pages: number }>> {
  const listed = await page.evaluate(async () => {
    const token = new URLSearchParams(location.search).get('token') ?? ''
    const response = await fetch('/rpc/documents.list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
      body: '{}'
    })
    return ((await response.json()) as { value: { id: number; name: string; pageCount: number }[] })
      .value
  })
  return new Map(listed.map((doc) => [doc.name, { id: doc.id, pages: doc.pageCount }]))
}

const app = servedApp('recto-page-image-', project)

describe('the page image always belongs to the page the header names', () => {
  it(`holds over ${OPENS} opens through the queue, the library, the hash and Next`, async () => {
    const { page } = app
    await page.goto(app.served.url)
    await page.getByRole('button', { name: WIDE, exact: true }).waitFor(WAIT)
    const documents = await pageNumbers(page)
    const names = [...documents.keys()]
    const next = random(26)
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
    const ways = ['queue', 'library', 'hash', 'next'] as const
    const used = new Map<string, number>()
    let onPage = false

    for (let open = 0; open < OPENS; open++) {
      const way = onPage ? pick(ways) : pick(['queue', 'library', 'hash'] as const)
      used.set(way, (used.get(way) ?? 0) + 1)
      const before = onPage ? await header(page) : null
      let expected: Shown | null = null
      if (way === 'hash') {
        const documentName = pick(names)
        const { id, pages } = documents.get(documentName)!
        const pageNo = 1 + Math.floor(next() * pages)
        expected = { documentName, pageNo }
        await page.evaluate((hash) => (location.hash = hash), `#/page/${id}/${pageNo}`)
      } else if (way === 'next') {
        await page.getByRole('button', { name: 'Next', exact: true }).click()
      } else {
        if (way === 'library') {
          await page.getByRole('link', { name: 'Library', exact: true }).click()
          await page.getByRole('button', { name: pick(names), exact: true }).click()
        } else if (onPage) {
          await page.getByRole('link', { name: '← Queue' }).click()
        } else {
          await page.getByRole('link', { name: 'Queue', exact: true }).click()
        }
        // Every page, ok ones too: a document picked in the Library may need no attention.
        await new QueuePage(page).showAll()
        const rows = page.getByRole('listbox', { name: 'Pages to review' }).getByRole('option')
        await rows.first().waitFor(WAIT)
        const row = rows.nth(Math.floor(next() * (await rows.count())))
        expected = await QueuePage.shown(row)
        // By its name: the list may still change (a filter reset) between reading and clicking.
        await new QueuePage(page).row(expected.documentName, expected.pageNo).click()
      }
      await page.locator('header.top h1').waitFor(WAIT)
      if (expected) {
        const wanted = expected
        await expect.poll(() => header(page), WAIT).toEqual(wanted)
      } else if (before) {
        // Next at the end of the queue stays and says so; otherwise the header moves on. The
        // header is read once it has: read at once, it may still name the page Next left.
        const stays = page.getByText('No next page in the queue', { exact: false })
        await expect
          .poll(
            async () =>
              (await stays.isVisible()) ||
              JSON.stringify(await header(page)) !== JSON.stringify(before),
            WAIT
          )
          .toBe(true)
        await page.getByText('All changes saved', { exact: true }).waitFor(WAIT)
      }
      const shown = await header(page)
      const compared = await compareWithOwnRender(page, shown)
      expect(compared.shown, `open ${open + 1} (${way}): ${JSON.stringify(shown)}`).toBe(
        compared.own
      )
      onPage = true
    }
    expect([...used.keys()].sort()).toEqual(['hash', 'library', 'next', 'queue'])
  }, 300_000)

  it('fits a 200-inch page to the width instead of keeping the last page zoom', async () => {
    const { page } = app
    const documents = await pageNumbers(page)
    const letter = documents.get('pdfjs__tracemonkey.pdf')!
    await page.evaluate((hash) => (location.hash = hash), `#/page/${letter.id}/3`)
    await expect
      .poll(() => header(page), WAIT)
      .toEqual({ documentName: 'pdfjs__tracemonkey.pdf', pageNo: 3 })
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await page.getByRole('link', { name: '← Queue' }).click()
    const wide = documents.get(WIDE)!
    await page.evaluate((hash) => (location.hash = hash), `#/page/${wide.id}/1`)
    await expect.poll(() => header(page), WAIT).toEqual({ documentName: WIDE, pageNo: 1 })
    const compared = await compareWithOwnRender(page, { documentName: WIDE, pageNo: 1 })
    expect(compared.shown).toBe(compared.own)
    const viewport = await page.locator('.viewport').evaluate((el) => el.clientWidth)
    expect(compared.width).toBeLessThanOrEqual(viewport)
    expect(compared.width).toBeGreaterThan(viewport / 2)
    await screenshot(page, 'page-image-fold-out')
  })
})
