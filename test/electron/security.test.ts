import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { RpcResult } from '../../src-main/shared/contract.js'
import { testBackend } from '../helpers/backend.js'
import { REPO_ROOT } from '../helpers/corpus.js'

/**
 * Electron's security checklist, for the items that hold without its binary: the shell's own
 * modules (window.ts, ipc.ts) run against recorders standing in for Electron, and the policy
 * of the page they load is read from the built renderer.
 */
const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => unknown
  const handlers = new Map<string, Listener>()
  const opened: string[] = []
  const windows: FakeWindow[] = []

  class FakeWindow {
    readonly options: Record<string, unknown>
    readonly contentEvents = new Map<string, Listener>()
    openHandler: Listener | null = null
    permissionHandler: Listener | null = null
    readonly webContents = {
      on: (event: string, listener: Listener) => this.contentEvents.set(event, listener),
      setWindowOpenHandler: (handler: Listener) => (this.openHandler = handler),
      session: {
        setPermissionRequestHandler: (handler: Listener) => (this.permissionHandler = handler)
      }
    }
    constructor(options: Record<string, unknown>) {
      this.options = options
      windows.push(this)
    }
    loadFile(): Promise<void> {
      return Promise.resolve()
    }
    once(): void {}
    maximize(): void {}
  }
  return { handlers, opened, windows, FakeWindow }
})

vi.mock('electron', () => ({
  BrowserWindow: electron.FakeWindow,
  ipcMain: {
    handle: (channel: string, listener: (...args: unknown[]) => unknown) =>
      electron.handlers.set(channel, listener),
    removeHandler: (channel: string) => electron.handlers.delete(channel)
  },
  shell: {
    openExternal: async (url: string) => {
      electron.opened.push(url)
    }
  },
  screen: { getAllDisplays: () => [] }
}))

const { createWindow, RENDERER_INDEX } = await import('../../src-main/electron/window.js')
const { registerIpc } = await import('../../src-main/electron/ipc.js')
const appUrl = pathToFileURL(RENDERER_INDEX).href

/** The Content-Security-Policy of a page, directive by directive. */
function policyOf(html: string): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)
  if (!meta) throw new Error('no Content-Security-Policy meta element')
  return new Map(
    meta[1]!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources])
  )
}

describe('the page the desktop window loads', () => {
  it.each([
    ['the built renderer', join(REPO_ROOT, 'out', 'renderer', 'index.html')],
    ['its source', join(REPO_ROOT, 'src-renderer', 'index.html')]
  ])('has a strict Content-Security-Policy (%s)', (_what, file) => {
    const html = readFileSync(file, 'utf8')
    const policy = policyOf(html)
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    const sources = [...policy.values()].flat()
    expect(sources.filter((s) => /unsafe-eval|^https?:|^\*$|^ws/.test(s))).toEqual([])
    // Inline scripts would need 'unsafe-inline': the page has none.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it('is what the shell loads from out/', () => {
    expect(RENDERER_INDEX).toMatch(/renderer[\\/]index\.html$/)
  })
})

describe('the desktop window', () => {
  const win = (createWindow(null), electron.windows.at(-1)!)
  const navigate = (event: string, url: string) => {
    let prevented = false
    win.contentEvents.get(event)!({ preventDefault: () => (prevented = true) }, url)
    return prevented
  }

  it('runs the page sandboxed and isolated, without Node or any weakened setting', () => {
    const prefs = win.options.webPreferences as Record<string, unknown>
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true
    })
    for (const risky of [
      'allowRunningInsecureContent',
      'experimentalFeatures',
      'enableBlinkFeatures',
      'nodeIntegrationInSubFrames',
      'nodeIntegrationInWorker',
      'webviewTag'
    ]) {
      expect(prefs[risky], risky).toBeFalsy()
    }
  })

  it('never navigates away from the app page, and hands only web links to the browser', () => {
    electron.opened.length = 0
    expect(navigate('will-navigate', `${appUrl}#/queue`)).toBe(false)
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(navigate('will-navigate', 'javascript:alert(1)')).toBe(true)
    expect(navigate('will-navigate', 'https://example.com/')).toBe(true)
    expect(navigate('will-redirect', 'https://example.com/')).toBe(true)
    expect(navigate('will-redirect', `${appUrl}#/library`)).toBe(false)
    expect(electron.opened).toEqual(['https://example.com/'])
  })

  it('denies every window.open, attached webview and permission request', () => {
    electron.opened.length = 0
    for (const url of ['https://example.com/x', 'file:///etc/passwd', appUrl, 'about:blank']) {
      expect(win.openHandler!({ url })).toEqual({ action: 'deny' })
    }
    expect(electron.opened).toEqual(['https://example.com/x'])
    expect(navigate('will-attach-webview', 'https://example.com/')).toBe(true)
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
      let granted: boolean | null = null
      win.permissionHandler!(null, permission, (answer: boolean) => (granted = answer))
      expect(granted, permission).toBe(false)
    }
  })
})

describe('the IPC channel', () => {
  const api = testBackend()
  const calls: string[] = []
  registerIpc(() =>
    Promise.resolve({
      ...api.backend,
      dispatch: (method: string, input: unknown) => {
        calls.push(method)
        return api.backend.dispatch(method, input)
      }
    })
  )
  afterAll(() => api.close())

  const rpc = (frame: unknown, method: unknown, input: unknown) =>
    electron.handlers.get('rpc')!({ senderFrame: frame }, method, input) as Promise<
      RpcResult<unknown>
    >

  it('answers the app page, top frame only', async () => {
    expect(await rpc({ url: appUrl, parent: null }, 'documents.list', {})).toEqual({
      ok: true,
      value: []
    })
    for (const frame of [
      null,
      { url: 'https://example.com/', parent: null },
      { url: 'file:///tmp/evil.html', parent: null },
      { url: appUrl, parent: { url: appUrl } }
    ]) {
      expect(await rpc(frame, 'documents.list', {})).toMatchObject({
        ok: false,
        error: { code: 'internal' }
      })
    }
    expect(calls).toEqual(['documents.list'])
  })

  it('refuses a method that is no API call before the backend sees it', async () => {
    calls.length = 0
    for (const method of [{}, 42, null, 'constructor', '__proto__', 'toString', 'db.exec']) {
      expect(await rpc({ url: appUrl, parent: null }, method, {})).toMatchObject({
        ok: false,
        error: { code: 'unknown-method' }
      })
    }
    expect(calls).toEqual([])
  })

  it('validates the input against the method schema', async () => {
    for (const input of [{ documentId: 'x', pageNo: 1 }, { documentId: 1 }, null, 'SELECT 1']) {
      expect(await rpc({ url: appUrl, parent: null }, 'pages.get', input)).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' }
      })
    }
  })
})
