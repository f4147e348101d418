import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { openBrowser } from './browser.js'
import { ingestSamples, serve, type Served } from './serve.js'

const SCREENSHOTS = join(REPO_ROOT, 'test-output', 'screenshots')

export type ServedApp = Readonly<{ dir: string; served: Served; page: Page }>

/**
 * `recto serve` on a project in a fresh folder, and a page of headless Chromium in a context of
 * its own to look at it: started before the file's tests, stopped (and the folder removed) after
 * them. `project` makes the
 * project in the folder (`dir`) and returns its database file.
 */
export function servedApp(prefix: string, project: (dir: string) => string): ServedApp {
  const tmp = tempDir(prefix)
  let served: Served | undefined
  let browser: Awaited<ReturnType<typeof openBrowser>> | undefined
  beforeAll(async () => {
    served = await serve(project(tmp.dir))
    browser = await openBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await served?.stop()
    tmp.remove()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the served app starts in beforeAll')
    return value
  }
  return {
    dir: tmp.dir,
    get served() {
      return started(served)
    },
    get page() {
      return started(browser).page
    }
  }
}

/** A project of the sample corpus, in `dir`. */
export function samplesProject(dir: string): string {
  const dbFile = join(dir, 'review.sqlite')
  ingestSamples(dbFile)
  return dbFile
}

/** Saves what the page shows to test-output/screenshots/<name>.png, for a person to look at. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage })
}
