import { BrowserWindow, screen, shell } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { isAppUrl, isExternalUrl } from './navigation.js'
import type { WindowBounds } from './settings.js'

/** The built renderer, seen from out/src-main/electron/. */
export const RENDERER_INDEX = join(import.meta.dirname, '..', '..', 'renderer', 'index.html')
const PRELOAD = join(import.meta.dirname, 'preload.cjs')

function visible(bounds: WindowBounds): boolean {
  if (bounds.x === undefined || bounds.y === undefined) return true
  const { x, y } = bounds
  return screen
    .getAllDisplays()
    .some(
      ({ workArea: a }) => x >= a.x - 50 && y >= a.y - 50 && x < a.x + a.width && y < a.y + a.height
    )
}

/**
 * The review window: the page gets no Node, runs sandboxed and isolated, sees only the preload's
 * two functions, and can never navigate away from the app or open windows; links to the web go
 * to the system browser.
 */
export function createWindow(bounds: WindowBounds | null): BrowserWindow {
  const placed = bounds && visible(bounds) ? bounds : null
  const win = new BrowserWindow({
    width: placed?.width ?? 1400,
    height: placed?.height ?? 900,
    x: placed?.x,
    y: placed?.y,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Recto',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false
    }
  })
  if (placed?.maximized) win.maximize()
  const appUrl = pathToFileURL(RENDERER_INDEX).href

  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  win.webContents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, appUrl)) return
    event.preventDefault()
    if (isExternalUrl(url)) void shell.openExternal(url)
  })
  win.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  win.webContents.on('will-attach-webview', (event) => event.preventDefault())
  win.webContents.session.setPermissionRequestHandler((_wc, _permission, done) => done(false))
  win.once('ready-to-show', () => win.show())
  void win.loadFile(RENDERER_INDEX)
  return win
}

export function windowBounds(win: BrowserWindow): WindowBounds {
  const { x, y, width, height } = win.getNormalBounds()
  return { x, y, width, height, maximized: win.isMaximized() }
}
