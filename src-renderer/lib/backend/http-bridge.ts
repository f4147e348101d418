import type { BackendBridge, EventName, RpcResult } from '@shared/contract'

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
      const response = await fetch(`/rpc/${encodeURIComponent(method)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
        body: JSON.stringify(input ?? {})
      })
      if (response.status === 403) {
        return {
          ok: false,
          error: {
            code: 'internal',
            message: 'The server refused this page: open the URL it printed.'
          }
        }
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
