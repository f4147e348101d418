// Sandboxed preloads must be CommonJS, so this is the one require-style import.
// eslint-disable-next-line @typescript-eslint/no-require-imports
import electron = require('electron')
import type { BackendBridge, EventName } from '../shared/contract.js'

const { contextBridge, ipcRenderer, webUtils } = electron

// The whole bridge: two functions. No fs, no path, no raw ipcRenderer reach the page.
const api: BackendBridge = {
  invoke: (method, input) => ipcRenderer.invoke('rpc', method, input),
  on(event: EventName, listener: (payload: unknown) => void) {
    const forward = (_e: electron.IpcRendererEvent, name: EventName, payload: unknown): void => {
      if (name === event) listener(payload)
    }
    ipcRenderer.on('event', forward)
    // Callbacks cloned across the bridge cannot be compared later, so removal is a closure.
    return () => {
      ipcRenderer.removeListener('event', forward)
    }
  }
}

contextBridge.exposeInMainWorld('api', api)

// Dropped files and folders are ingested; their paths never reach the page's own code.
window.addEventListener('dragover', (event) => event.preventDefault())
window.addEventListener('drop', (event) => {
  event.preventDefault()
  const paths = [...(event.dataTransfer?.files ?? [])]
    .map((file) => webUtils.getPathForFile(file))
    .filter((path) => path.length > 0)
  if (paths.length > 0) void ipcRenderer.invoke('rpc', 'documents.add', { paths })
})
