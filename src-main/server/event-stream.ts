import type { ServerResponse } from 'node:http'
import type { EventName } from '../shared/contract.js'

type Client = { allowed: (() => Promise<boolean>) | null; checking: boolean }

/** Server-sent events to every open browser tab; a tab that joins late calls `jobs.list`. */
export class EventStream {
  readonly #clients = new Map<ServerResponse, Client>()

  get size(): number {
    return this.#clients.size
  }

  /**
   * Opens the stream to a tab. `allowed` asks whether the session that opened it still stands: a
   * stream outlives the request that was checked, so an account disabled (or logged out) since
   * loses it at the next event instead of hearing the project's events for as long as it stays.
   */
  add(res: ServerResponse, allowed?: () => Promise<boolean>): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    // A first line so the browser's EventSource reports `open` at once.
    res.write(': connected\n\n')
    this.#clients.set(res, { allowed: allowed ?? null, checking: false })
    res.on('close', () => this.#clients.delete(res))
  }

  emit(name: EventName, payload: unknown): void {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`
    for (const [res, client] of this.#clients) {
      res.write(frame)
      // One question at a time per stream, however many events a batch sends meanwhile.
      if (!client.allowed || client.checking) continue
      client.checking = true
      client.allowed().then(
        (ok) => {
          client.checking = false
          if (!ok) this.#end(res)
        },
        () => this.#end(res)
      )
    }
  }

  #end(res: ServerResponse): void {
    this.#clients.delete(res)
    res.end()
  }

  close(): void {
    for (const res of this.#clients.keys()) res.end()
    this.#clients.clear()
  }
}
