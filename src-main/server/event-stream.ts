import type { ServerResponse } from 'node:http'
import type { EventName } from '../shared/contract.js'

/** Server-sent events to every open browser tab; a tab that joins late calls `jobs.list`. */
export class EventStream {
  readonly #clients = new Set<ServerResponse>()

  get size(): number {
    return this.#clients.size
  }

  add(res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    // A first line so the browser's EventSource reports `open` at once.
    res.write(': connected\n\n')
    this.#clients.add(res)
    res.on('close', () => this.#clients.delete(res))
  }

  emit(name: EventName, payload: unknown): void {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`
    for (const res of this.#clients) res.write(frame)
  }

  close(): void {
    for (const res of this.#clients) res.end()
    this.#clients.clear()
  }
}
