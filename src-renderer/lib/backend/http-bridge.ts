import type { BackendBridge, EventName, RpcResult } from '@shared/contract'
import { ServerLost, STALE_TAB, UNREACHABLE } from './server-lost'

/**
 * The browser transport of `recto serve`: the token comes from the URL the server printed and
 * goes with every call; one EventSource carries every event.
 */
export function httpBridge(location: Location): BackendBridge {
  const token = new URLSearchParams(location.search).get('token') ?? ''
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let source: EventSource | null = null

  function connect(): void {
    if (source) return
    source = new EventSource(`/events?token=${encodeURIComponent(token)}`)
    source.onmessage = (message: MessageEvent<string>) => {
      const { name, payload } = JSON.parse(message.data) as { name: EventName; payload: unknown }
      for (const listener of listeners.get(name) ?? []) listener(payload)
    }
  }

  return {
    async invoke(method, input) {
      let response: Response
      try {
        response = await fetch(`/rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
          body: JSON.stringify(input ?? {})
        })
      } catch {
        // fetch rejects only when no answer came at all: the call never reached the engine.
        throw new ServerLost(UNREACHABLE, true)
      }
      // The token check answers in plain text; a refusal by the engine or the team rules is JSON.
      if (response.status === 403 && !response.headers.get('Content-Type')?.includes('json')) {
        throw new ServerLost(STALE_TAB, false)
      }
      return (await response.json()) as RpcResult<unknown>
    },
    on(event, listener) {
      connect()
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => set.delete(listener)
    }
  }
}
