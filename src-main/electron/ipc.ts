import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { pathToFileURL } from 'node:url'
import type { Backend } from '../api/backend.js'
import {
  isMethodName,
  type ErrorCode,
  type EventName,
  type Events,
  type RpcResult
} from '../shared/contract.js'
import { isAppUrl } from './navigation.js'
import { RENDERER_INDEX } from './window.js'
import { messageOf } from '../shared/error-message.js'

const refusal = (code: ErrorCode, message: string) =>
  Promise.resolve<RpcResult<unknown>>({ ok: false, error: { code, message } })

/**
 * The IPC transport: one channel in (`rpc`, answered by the backend's dispatcher), one out
 * (`event`). Calls from any frame but the app's own top-level page are refused, and so is a
 * method that is no name of the contract, before the backend sees it; the dispatcher validates
 * the input against the method's schema.
 */
export function registerIpc(backend: () => Promise<Backend>): () => void {
  const appUrl = pathToFileURL(RENDERER_INDEX).href
  ipcMain.handle(
    'rpc',
    (event: IpcMainInvokeEvent, method: unknown, input: unknown): Promise<RpcResult<unknown>> => {
      const frame = event.senderFrame
      if (!frame || frame.parent || !isAppUrl(frame.url, appUrl)) {
        return refusal('internal', 'calls are accepted from the app page only')
      }
      if (typeof method !== 'string' || !isMethodName(method)) {
        return refusal('unknown-method', `no method '${String(method).slice(0, 80)}'`)
      }
      return backend().then(
        (open) => open.dispatch(method, input),
        (error: unknown) => ({
          ok: false,
          error: {
            code: 'internal',
            message: messageOf(error)
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
