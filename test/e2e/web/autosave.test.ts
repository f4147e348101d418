import type { Dialog } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabaseReadOnly } from '../../../src-main/store/open.js'
import { currentState } from '../../../src-main/store/revisions.js'
import { tempDir } from '../../helpers/db.js'
import { openBrowser } from '../browser.js'
import { samplesProject, screenshot } from '../fixtures.js'
import { openFromLibrary, type ReviewPage } from '../page-models/review-page.js'
import { serve, type Served } from '../serve.js'

const ARTICLE = 'two-column-article.pdf'
const WAIT = { timeout: 15_000 }
const tmp = tempDir('recto-autosave-')
let dbFile: string
let served: Served
let browser: Awaited<ReturnType<typeof openBrowser>>
let review: ReviewPage
let documentId: number

beforeAll(async () => {
  dbFile = samplesProject(tmp.dir)
  served = await serve(dbFile)
  browser = await openBrowser()
})

afterAll(async () => {
  await browser?.close()
  await served?.stop()
  tmp.remove()
})

/** The page's text as the database holds it, read as another process would. */
function storedText(): string | undefined {
  const db = openDatabaseReadOnly(dbFile)
  try {
    return currentState(db, documentId, 1)?.state.text
  } finally {
    db.close()
  }
}

/** Types at the end of the Text tab's field, as a reviewer does, and leaves the focus there. */
async function typeAtEnd(words: string): Promise<void> {
  await review.pageText.click()
  await review.page.keyboard.press('Control+End')
  await review.page.keyboard.type(words)
}

const status = () => browser.page.getByRole('status').filter({ hasText: /Sav|saved/ })

describe('autosave on the review screen', () => {
  it('stores typing within about a second, with the field still focused', async () => {
    const { page } = browser
    review = await openFromLibrary(page, served.url, ARTICLE, 1, WAIT)
    documentId = Number(/#\/page\/(\d+)\/1$/.exec(page.url())![1])
    await review.textTab.click()
    await expect.poll(() => review.pageText.inputValue(), WAIT).toContain('Every page of a PDF')
    await typeAtEnd(' Typed and left alone.')
    expect(await status().textContent()).toBe('Saving…')
    await expect.poll(storedText, WAIT).toContain('Typed and left alone.')
    await status().filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Page text'
    )
  })

  it('keeps text typed just before a reload, after warning that it is not saved yet', async () => {
    const { page } = browser
    const dialogs: string[] = []
    const accept = (dialog: Dialog) => {
      dialogs.push(dialog.type())
      void dialog.accept()
    }
    page.on('dialog', accept)
    await typeAtEnd(' Typed just before the reload.')
    await page.reload()
    page.off('dialog', accept)
    expect(dialogs).toEqual(['beforeunload'])
    await review.image.waitFor(WAIT)
    await review.textTab.click()
    await expect
      .poll(() => review.pageText.inputValue(), WAIT)
      .toContain('Typed and left alone. Typed just before the reload.')
    await expect.poll(storedText, WAIT).toContain('Typed just before the reload.')
    await status().filter({ hasText: 'All changes saved' }).waitFor(WAIT)
  })

  it('says "Not saved" while the server is stopped, and nothing looks done that is not', async () => {
    const { page } = browser
    const port = Number(new URL(served.url).port)
    await served.stop()
    await review.blocksTab.click()
    const first = review.block(1)
    const excludedBefore = await first.getAttribute('data-excluded')
    await first.click()
    await page.keyboard.press('x')
    await expect.poll(() => first.getAttribute('data-excluded'), WAIT).not.toBe(excludedBefore)
    const unsaved = page.getByRole('status').filter({ hasText: /^Not saved: / })
    await unsaved.filter({ hasText: 'the server cannot be reached' }).waitFor(WAIT)
    expect(await page.getByText('All changes saved').count()).toBe(0)
    expect(await page.getByText('Failed to fetch').count()).toBe(0)
    await review.textTab.click()
    await typeAtEnd(' Typed while the server was down.')
    await screenshot(page, 'autosave-server-down')

    // The server comes back as a new process: a new token, so this tab is refused, and says so.
    served = await serve(dbFile, ['--port', String(port)])
    await page.getByRole('button', { name: 'Retry', exact: true }).click()
    await unsaved.filter({ hasText: 'it was restarted' }).waitFor(WAIT)
    expect(storedText()).not.toContain('Typed while the server was down.')

    // The URL it printed, at the same page: the edits are put back and stored. Leaving this tab
    // asks first, as anything is unsaved here.
    page.once('dialog', (dialog) => void dialog.accept())
    await page.goto(`${served.url}${new URL(page.url()).hash}`)
    await review.image.waitFor(WAIT)
    await expect.poll(storedText, WAIT).toContain('Typed while the server was down.')
    await status().filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await review.textTab.click()
    expect(await review.pageText.inputValue()).toContain('Typed while the server was down.')
    await review.blocksTab.click()
    expect(await review.block(1).getAttribute('data-excluded')).not.toBe(excludedBefore)
  })

  it('finds saved text at the new address of a server restarted on another port', async () => {
    const { page } = browser
    await review.textTab.click()
    await typeAtEnd(' Saved before the restart.')
    await expect.poll(storedText, WAIT).toContain('Saved before the restart.')
    await status().filter({ hasText: 'All changes saved' }).waitFor(WAIT)
    await served.stop()
    served = await serve(dbFile)
    await page.goto(`${served.url}${new URL(page.url()).hash}`)
    await review.image.waitFor(WAIT)
    await review.textTab.click()
    await expect
      .poll(() => review.pageText.inputValue(), WAIT)
      .toContain('Typed while the server was down. Saved before the restart.')
  })

  it('offers back, in words, an edit made on a revision the page has moved on from', async () => {
    const { page } = browser
    const port = Number(new URL(served.url).port)
    await served.stop()
    await review.textTab.click()
    await typeAtEnd(' Offered back later.')
    await page
      .getByRole('status')
      .filter({ hasText: 'Not saved: the server cannot be reached' })
      .waitFor(WAIT)

    // Meanwhile the page gets another revision (another tab, say): the draft's base is gone.
    served = await serve(dbFile, ['--port', String(port)])
    const origin = new URL(served.url)
    const rpc = async (method: string, input: unknown) => {
      const response = await fetch(new URL(`/rpc/${method}`, origin), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Recto-Token': origin.searchParams.get('token')!
        },
        body: JSON.stringify(input)
      })
      return ((await response.json()) as { value: unknown }).value
    }
    const detail = (await rpc('pages.get', { documentId, pageNo: 1 })) as {
      state: Record<string, unknown>
    }
    const { order, excluded, blockText, pageText } = detail.state
    await rpc('revisions.save', {
      documentId,
      pageNo: 1,
      order,
      excluded,
      blockText,
      pageText,
      status: 'rejected'
    })

    page.once('dialog', (dialog) => void dialog.accept())
    await page.goto(`${served.url}${new URL(page.url()).hash}`)
    const offer = page.getByRole('alertdialog', { name: 'Unsaved edit' })
    await offer.getByText('was never saved, and the page has changed since').waitFor(WAIT)
    await offer.getByText('Offered back later.').waitFor(WAIT)
    expect(storedText()).not.toContain('Offered back later.')
    await screenshot(page, 'autosave-offered-back')
    await offer.getByRole('button', { name: 'Put it back' }).click()
    await expect.poll(storedText, WAIT).toContain('Offered back later.')
    await offer.waitFor({ state: 'detached', ...WAIT })
  })

  it('says when a page cannot be fetched, and opens it once the server answers again', async () => {
    const { page } = browser
    await page.route('**/rpc/pages.get', (route) => route.abort())
    await page.goto(`${served.url}#/page/${documentId}/2`)
    await page
      .getByRole('alert')
      .filter({ hasText: 'the server cannot be reached: trying again every few seconds' })
      .waitFor(WAIT)
    await page.unroute('**/rpc/pages.get')
    await page.getByRole('img', { name: `Page 2 of ${ARTICLE}`, exact: true }).waitFor(WAIT)
    expect(await page.getByRole('alert').count()).toBe(0)
  })
})
