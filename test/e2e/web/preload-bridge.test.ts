import { describe, expect, it } from 'vitest'
import { samplesProject, servedApp } from '../fixtures.js'
import { QueuePage } from '../page-models/queue-page.js'
import { ReviewPage } from '../page-models/review-page.js'

const WAIT = { timeout: 15_000 }
const app = servedApp('recto-bridge-', samplesProject)

/**
 * A `window.api` shaped like the preload's, installed before the app loads. Like Electron's IPC
 * it structured-clones every input and payload, so a call made with something the real bridge
 * cannot carry (a reactive proxy, a function) fails here too. It forwards to `recto serve`.
 */
function installBridge(token: string): void {
  const calls: string[] = []
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const source = new EventSource(`/events?token=${token}`)
  source.onmessage = (message: MessageEvent<string>) => {
    const { name, payload } = JSON.parse(message.data) as { name: string; payload: unknown }
    for (const listener of listeners.get(name) ?? []) listener(structuredClone(payload))
  }
  Object.assign(window, {
    bridgeCalls: calls,
    api: {
      async invoke(method: string, input: unknown) {
        calls.push(method)
        const body = JSON.stringify(structuredClone(input))
        const response = await fetch(`/rpc/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
          body
        })
        return structuredClone(await response.json())
      },
      on(event: string, listener: (payload: unknown) => void) {
        let set = listeners.get(event)
        if (!set) listeners.set(event, (set = new Set()))
        set.add(listener)
        return () => set.delete(listener)
      }
    }
  })
}

describe('the renderer over a preload-style bridge', () => {
  it('makes every call through window.api with data IPC can carry', async () => {
    const { page } = app
    const url = new URL(app.served.url)
    await page.addInitScript(installBridge, url.searchParams.get('token')!)
    // Without the token in the address the HTTP transport could not work: only the bridge can.
    // The page's files still need it, as the cookie the server sets on a first visit.
    const token = url.searchParams.get('token')!
    await page.context().addCookies([{ name: `recto-${url.port}`, value: token, url: url.origin }])
    await page.goto(`${url.origin}/#/queue`)
    const queue = new QueuePage(page)
    await queue.showAll()
    await queue.row('two-column-article.pdf', 1).click()
    const review = new ReviewPage(page, 'two-column-article.pdf', 1)
    await review.image.waitFor(WAIT)

    await review.orderByClicking.click()
    await review.block(3).click()
    await page.keyboard.press('Escape')
    await review.saved.waitFor(WAIT)
    // Block 2 is now the running head the engine left out; block 3 (the title) is in the text.
    await review.block(3).click()
    await page.keyboard.press('x')
    await expect.poll(() => review.block(3).getAttribute('data-excluded'), WAIT).toBe('true')
    await review.approveAndComeBack(WAIT)
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Approved with corrections')
    await review.undo.click()
    await expect.poll(() => review.status.textContent(), WAIT).toBe('Unreviewed')
    await review.saved.waitFor(WAIT)

    const calls = await page.evaluate(
      () => (window as unknown as { bridgeCalls: string[] }).bridgeCalls
    )
    expect(new Set(calls)).toEqual(
      new Set([
        'jobs.list',
        'documents.list',
        'pages.queue',
        'pages.flagCounts',
        'pages.image',
        'pages.get',
        'pages.adjacent',
        'revisions.save',
        'revisions.undo',
        // An order change offers the pages of the same layout.
        'teach.similar',
        // Whether the page waits for its keyings, which its edits would then be refused for.
        'keying.state'
      ])
    )
  })
})
