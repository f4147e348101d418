import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { pathToFileURL } from 'node:url'
import type { Backend } from '../api/backend.js'
import type { EventName, Events, RpcResult } from '../shared/contract.js'
import { isAppUrl } from './navigation.js'
import { RENDERER_INDEX } from './window.js'

/**
 * The IPC transport: one channel in (`rpc`, answered by the backend's dispatcher), one out
 * (`event`). Calls from any frame but the app's own page are refused.
 */
export function registerIpc(backend: () => Promise<Backend>): () => void {
  const appUrl = pathToFileURL(RENDERER_INDEX).href
  ipcMain.handle(
    'rpc',
    (event: IpcMainInvokeEvent, method: unknown, input: unknown): Promise<RpcResult<unknown>> => {
      const origin = event.senderFrame?.url ?? ''
      if (!isAppUrl(origin, appUrl)) {
        return Promise.resolve({
          ok: false,
          error: { code: 'internal', message: 'calls are accepted from the app page only' }
        })
      }
      return backend().then(
        (open) => open.dispatch(String(method), input),
        (error: unknown) => ({
          ok: false,
          error: {
            code: 'internal',
            message: error instanceof Error ? error.message : String(error)
          }
        })
      )
    }
  )
  return () => ipcMain.removeHandler('rpc')
}

export function sendEvent<E extends EventName>(
  windows: readonly BrowserWindow[],
  name: E,
  payload: Events[E]
): void {
  for (const win of windows) {
    if (!win.isDestroyed()) win.webContents.send('event', name, payload)
  }
}
