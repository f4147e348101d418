import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { _electron, type ElectronApplication, type Page } from 'playwright-core'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import type { BackendBridge } from '../../../src-main/shared/contract.js'
import { electronBinary } from '../../../src-main/start/electron-binary.js'

type Bridged = { api: BackendBridge }

const binary = electronBinary(join(REPO_ROOT, 'node_modules', 'electron'))
if (!binary) {
  process.stderr.write(
    'Electron e2e skipped: no Electron binary in node_modules/electron/dist ' +
      '(it is downloaded on first use, which needs the internet)\n'
  )
}
const title = binary
  ? 'the desktop app'
  : 'the desktop app (skipped: no Electron binary in node_modules/electron/dist on this machine)'

describe.skipIf(!binary)(title, () => {
  const profile = tempDir('recto-electron-')
  let app: ElectronApplication
  let page: Page

  beforeAll(async () => {
    app = await _electron.launch({
      executablePath: binary!,
      args: [REPO_ROOT],
      env: { ...process.env, RECTO_USER_DATA: profile.dir }
    })
    page = await app.firstWindow()
    // External links must reach the system browser; here they are recorded instead.
    await app.evaluate(({ shell }) => {
      const opened: string[] = []
      Object.assign(globalThis, { openedExternally: opened })
      shell.openExternal = async (url: string) => {
        opened.push(url)
      }
    })
  })

  afterAll(async () => {
    await app?.close()
    profile.remove()
  })

  it('opens the sample corpus on first start', async () => {
    await page.getByRole('heading', { name: 'Library' }).waitFor()
    await page.getByRole('button', { name: 'two-column-article.pdf', exact: true }).waitFor({
      timeout: 30_000
    })
  })

  it('answers a call through the preload bridge, and exposes nothing else', async () => {
    const reply = await page.evaluate(() =>
      (window as unknown as Bridged).api.invoke('documents.list', {})
    )
    expect(reply).toMatchObject({ ok: true })
    expect((reply as { value: unknown[] }).value.length).toBeGreaterThanOrEqual(4)
    const surface = await page.evaluate(() => ({
      api: Object.keys((window as unknown as Bridged).api).sort(),
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      unsubscribe: typeof (window as unknown as Bridged).api.on('documents.changed', () => {})
    }))
    expect(surface).toEqual({
      api: ['invoke', 'on'],
      require: 'undefined',
      process: 'undefined',
      unsubscribe: 'function'
    })
  })

  it('never navigates away and sends web links to the system browser', async () => {
    const appUrl = page.url()
    await page.evaluate(() => {
      window.open('https://example.com/opened')
      location.href = 'https://example.com/navigated'
    })
    await expect
      .poll(
        () => app.evaluate(() => (globalThis as { openedExternally?: string[] }).openedExternally),
        { timeout: 15_000 }
      )
      .toEqual(['https://example.com/opened', 'https://example.com/navigated'])
    expect(page.url()).toBe(appUrl)
    expect(app.windows()).toHaveLength(1)
  })
})
