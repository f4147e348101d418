import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { RpcResult } from '../../src-main/shared/contract.js'
import { REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

/**
 * The main process's wiring, run in plain Node: Electron's binary cannot be downloaded here, so
 * its modules are replaced by recorders (TOOLCHAIN.md: "vi.mock('electron', …)"). The engine
 * behind them is the real one, on a real database in a temporary profile.
 */
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  const profile: { dir: string } = { dir: '' }
  const ipc = new Map<string, Listener>()
  const appEvents = new Map<string, Listener>()
  const windows: FakeWindow[] = []
  const sent: unknown[][] = []
  const menus: unknown[] = []
  const opened: string[] = []
  const quit = { called: false }

  class FakeWindow {
    readonly options: Record<string, unknown>
    readonly events = new Map<string, Listener>()
    readonly contentEvents = new Map<string, Listener>()
    openHandler: Listener | null = null
    permissionHandler: Listener | null = null
    loaded: string | null = null
    reloads = 0
    readonly webContents = {
      on: (event: string, listener: Listener) => this.contentEvents.set(event, listener),
      setWindowOpenHandler: (handler: Listener) => (this.openHandler = handler),
      session: {
        setPermissionRequestHandler: (handler: Listener) => (this.permissionHandler = handler)
      },
      send: (...args: unknown[]) => sent.push(args),
      reload: () => this.reloads++
    }

    constructor(options: Record<string, unknown>) {
      this.options = options
      windows.push(this)
    }

    static getAllWindows(): FakeWindow[] {
      return windows
    }

    loadFile(file: string): Promise<void> {
      this.loaded = file
      return Promise.resolve()
    }
    on(event: string, listener: Listener): void {
      this.events.set(event, listener)
    }
    once(event: string, listener: Listener): void {
      this.events.set(event, listener)
    }
    show(): void {}
    maximize(): void {}
    setTitle(): void {}
    isDestroyed(): boolean {
      return false
    }
    isMaximized(): boolean {
      return false
    }
    getNormalBounds() {
      return { x: 40, y: 30, width: 1300, height: 850 }
    }
  }

  return { profile, ipc, appEvents, windows, sent, menus, opened, quit, FakeWindow }
})

vi.mock('electron', () => ({
  app: {
    isPackaged: false,
    getPath: () => electron.profile.dir,
    setPath: () => {},
    getAppPath: () => REPO_ROOT,
    on: (event: string, listener: (...args: unknown[]) => unknown) =>
      electron.appEvents.set(event, listener),
    whenReady: () => Promise.resolve(),
    quit: () => {
      electron.quit.called = true
    }
  },
  BrowserWindow: electron.FakeWindow,
  Menu: {
    buildFromTemplate: (template: unknown) => ({ template }),
    setApplicationMenu: (menu: unknown) => electron.menus.push(menu)
  },
  dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
  ipcMain: {
    handle: (channel: string, listener: (...args: unknown[]) => unknown) =>
      electron.ipc.set(channel, listener),
    removeHandler: (channel: string) => electron.ipc.delete(channel)
  },
  shell: {
    openExternal: async (url: string) => {
      electron.opened.push(url)
    }
  },
  screen: { getAllDisplays: () => [] }
}))

const profile = tempDir('recto-main-')
electron.profile.dir = profile.dir
const appUrl = pathToFileURL(join(REPO_ROOT, 'renderer', 'index.html')).href

function rpc(url: string, method: string, input: unknown): Promise<RpcResult<unknown>> {
  const handler = electron.ipc.get('rpc')
  if (!handler) throw new Error('no rpc handler registered')
  return handler({ senderFrame: { url } }, method, input) as Promise<RpcResult<unknown>>
}

afterAll(async () => {
  const quit = electron.appEvents.get('before-quit')
  quit?.({ preventDefault: () => {} })
  // The backend closes asynchronously; app.quit() is called once it has.
  await vi.waitFor(() => expect(electron.quit.called).toBe(true), { timeout: 30_000 })
  expect(existsSync(join(profile.dir, 'recto.sqlite'))).toBe(true)
  profile.remove()
})

describe('the desktop main process', () => {
  it('opens a window that runs the page without Node, sandboxed and isolated', async () => {
    await import('../../src-main/electron/main.js')
    await expect
      .poll(() => electron.windows[0]?.reloads ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0)
    const [window] = electron.windows
    expect(window!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true
    })
    expect(String((window!.options.webPreferences as { preload: string }).preload)).toMatch(
      /preload\.cjs$/
    )
  })

  it('opens a project in the profile on first start and ingests the samples into it', async () => {
    await expect
      .poll(() => electron.sent.some(([, name]) => name === 'job.finished'), { timeout: 30_000 })
      .toBe(true)
    const listed = await rpc(appUrl, 'documents.list', {})
    expect(listed.ok).toBe(true)
    const names = (listed as { value: { name: string }[] }).value.map((d) => d.name).sort()
    expect(names).toEqual([
      'broken-font-map.pdf',
      'running-headers.pdf',
      'scanned-page.pdf',
      'two-column-article.pdf'
    ])
    const settings = JSON.parse(readFileSync(join(profile.dir, 'settings.json'), 'utf8'))
    expect(settings.recentDatabases).toEqual([join(profile.dir, 'recto.sqlite')])
  })

  it('answers IPC from the app page only', async () => {
    expect(await rpc('https://example.com/', 'documents.list', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' }
    })
    expect(await rpc(`${appUrl}#/queue`, 'pages.get', { documentId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' }
    })
  })

  it('blocks navigation and new windows, and opens web links in the system browser', () => {
    const [window] = electron.windows
    let prevented = 0
    const event = { preventDefault: () => prevented++ }
    window!.contentEvents.get('will-navigate')!(event, 'https://example.com/a')
    window!.contentEvents.get('will-navigate')!(event, 'file:///etc/passwd')
    window!.contentEvents.get('will-navigate')!(event, `${appUrl}#/library`)
    expect(prevented).toBe(2)
    expect(window!.openHandler!({ url: 'https://example.com/b' })).toEqual({ action: 'deny' })
    expect(window!.openHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(electron.opened).toEqual(['https://example.com/a', 'https://example.com/b'])
    let granted: boolean | null = null
    window!.permissionHandler!(null, 'media', (answer: boolean) => (granted = answer))
    expect(granted).toBe(false)
  })

  it('has the File, Edit and View menus the issue asks for', () => {
    const menu = electron.menus.at(-1) as { template: { label?: string; submenu: unknown[] }[] }
    const labels = (name: string) =>
      (menu.template.find((m) => m.label === name)?.submenu as { label?: string; role?: string }[])
        .map((item) => item.label ?? item.role)
        .filter(Boolean)
    expect(labels('File')).toEqual(
      expect.arrayContaining([
        'Open PDFs…',
        'Open Folder…',
        'Open Review Database…',
        'Open Recent',
        'Export Gold Set…'
      ])
    )
    expect(labels('Edit')).toEqual(expect.arrayContaining(['Undo', 'Redo']))
    expect(labels('View')).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom']))
  })

  it('remembers the window bounds when the window closes', () => {
    electron.windows[0]!.events.get('close')!()
    const settings = JSON.parse(readFileSync(join(profile.dir, 'settings.json'), 'utf8'))
    expect(settings.bounds).toEqual({ x: 40, y: 30, width: 1300, height: 850, maximized: false })
  })
})
