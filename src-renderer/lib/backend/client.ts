import type {
  BackendBridge,
  EventName,
  Events,
  Input,
  MethodName,
  Output,
  RpcError,
  RpcResult
} from '@shared/contract'
import { httpBridge } from './http-bridge'

declare global {
  interface Window {
    /** Present only in the desktop app, set by the preload. */
    api?: BackendBridge
  }
}

/** A refusal from the backend, with the code components branch on. */
export class BackendError extends Error {
  readonly code: RpcError['code']

  constructor(error: RpcError) {
    super(error.message)
    this.code = error.code
  }
}

// Chosen once: the preload's bridge in Electron, HTTP and server-sent events in a browser.
const bridge: BackendBridge = window.api ?? httpBridge(location)

export async function call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>> {
  const result = (await bridge.invoke(method, input)) as RpcResult<Output<M>>
  if (!result.ok) throw new BackendError(result.error)
  return result.value
}

export function on<E extends EventName>(
  event: E,
  listener: (payload: Events[E]) => void
): () => void {
  return bridge.on(event, (payload) => listener(payload as Events[E]))
}
