import { app, BrowserWindow, dialog, Menu } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Backend } from '../api/backend.js'
import { startBackendThread } from '../api/backend-thread.js'
import type { EventName, Events, Output, RpcResult } from '../shared/contract.js'
import { goldExportMessage } from './gold-export-message.js'
import { registerIpc, sendEvent } from './ipc.js'
import { buildMenu } from './menu.js'
import { readSettings, withRecentDatabase, writeSettings, type Settings } from './settings.js'
import { createWindow, windowBounds } from './window.js'
import { messageOf } from '../shared/error-message.js'

// End-to-end tests (and portable set-ups) give the app a profile folder of its own.
if (process.env.RECTO_USER_DATA) app.setPath('userData', process.env.RECTO_USER_DATA)

const settingsFile = (): string => join(app.getPath('userData'), 'settings.json')

/** The sample corpus shipped in resources/ (beside app.asar once packaged). */
function samplesDir(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'samples')
    : join(app.getAppPath(), 'resources', 'samples')
}

let settings: Settings = { recentDatabases: [], bounds: null }
/** The open project's backend, on its own thread; calls made while it starts wait for it. */
let backend: Promise<Backend> | null = null
let mainWindow: BrowserWindow | null = null

function emit<E extends EventName>(name: E, payload: Events[E]): void {
  sendEvent(BrowserWindow.getAllWindows(), name, payload)
}

function currentBackend(): Promise<Backend> {
  return backend ?? Promise.reject(new Error('no review database is open'))
}

function saveSettings(next: Settings): void {
  settings = next
  try {
    writeSettings(settingsFile(), settings)
  } catch (error) {
    console.error(`recto: cannot save settings: ${messageOf(error)}`)
  }
  Menu.setApplicationMenu(buildMenu(menuActions, settings.recentDatabases))
}

async function report(result: RpcResult<unknown>, what: string): Promise<void> {
  if (result.ok || !mainWindow) return
  await dialog.showMessageBox(mainWindow, {
    type: 'error',
    message: what,
    detail: result.error.message
  })
}

async function openDatabase(dbFile: string, ingestPaths: readonly string[] = []): Promise<void> {
  const previous = backend
  const starting = startBackendThread({ dbFile, emit })
  backend = starting
  let next: Backend
  try {
    next = await starting
  } catch (error) {
    // A file that is no review database (or one from a newer Recto) leaves the open one open.
    backend = previous
    const detail = messageOf(error)
    if (mainWindow) {
      await dialog.showMessageBox(mainWindow, {
        type: 'error',
        message: `Cannot open ${dbFile}`,
        detail
      })
    }
    return
  }
  await (await previous)?.close()
  saveSettings(withRecentDatabase(settings, dbFile))
  mainWindow?.setTitle(`Recto — ${dbFile}`)
  if (ingestPaths.length > 0) {
    await report(await next.dispatch('documents.add', { paths: ingestPaths }), 'Cannot ingest')
  }
  mainWindow?.webContents.reload()
}

async function addPaths(properties: ('openFile' | 'openDirectory')[]): Promise<void> {
  if (!mainWindow) return
  const picked = await dialog.showOpenDialog(mainWindow, {
    properties: [...properties, 'multiSelections'],
    filters: properties.includes('openFile') ? [{ name: 'PDF', extensions: ['pdf'] }] : []
  })
  if (picked.canceled || picked.filePaths.length === 0) return
  await report(
    await (await currentBackend()).dispatch('documents.add', { paths: picked.filePaths }),
    'Cannot ingest'
  )
}

const menuActions = {
  openPdfs: () => void addPaths(['openFile']),
  openFolder: () => void addPaths(['openDirectory']),
  async openDatabase() {
    if (!mainWindow) return
    const picked = await dialog.showOpenDialog(mainWindow, {
      title: 'Open Review Database',
      properties: ['openFile', 'promptToCreate'],
      filters: [{ name: 'Review database', extensions: ['sqlite', 'recto', 'db'] }]
    })
    const [file] = picked.filePaths
    if (!picked.canceled && file) await openDatabase(file)
  },
  openRecent: (file: string) => void openDatabase(file),
  async exportGold() {
    if (!mainWindow) return
    const picked = await dialog.showOpenDialog(mainWindow, {
      title: 'Export Gold Set',
      properties: ['openDirectory', 'createDirectory']
    })
    const [dir] = picked.filePaths
    if (picked.canceled || !dir) return
    const result = await (await currentBackend()).dispatch('gold.export', { dir })
    if (!result.ok) return report(result, 'Cannot export the gold set')
    await dialog.showMessageBox(
      mainWindow,
      goldExportMessage(result.value as Output<'gold.export'>)
    )
  },
  undo: () => emit('app.command', { command: 'undo' }),
  redo: () => emit('app.command', { command: 'redo' })
}

async function start(): Promise<void> {
  settings = readSettings(settingsFile())
  const firstStart = settings.recentDatabases.length === 0
  const lastDb = settings.recentDatabases.find((file) => existsSync(file))
  const dbFile = lastDb ?? join(app.getPath('userData'), 'recto.sqlite')
  registerIpc(currentBackend)
  const win = createWindow(settings.bounds)
  mainWindow = win
  win.on('close', () => saveSettings({ ...settings, bounds: windowBounds(win) }))
  win.on('closed', () => {
    mainWindow = null
  })
  await openDatabase(dbFile, firstStart && existsSync(samplesDir()) ? [samplesDir()] : [])
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault())
})

app.on('window-all-closed', () => app.quit())

let closing = false
app.on('before-quit', (event) => {
  if (closing || !backend) return
  event.preventDefault()
  closing = true
  void backend.then((open) => open.close()).finally(() => app.quit())
})

void app.whenReady().then(start)
