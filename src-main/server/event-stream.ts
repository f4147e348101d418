import type { ServerResponse } from 'node:http'
import type { EventName } from '../shared/contract.js'

type Client = { allowed: (() => Promise<boolean>) | null }

/** Server-sent events to every open browser tab; a tab that joins late calls `jobs.list`. */
export class EventStream {
  readonly #clients = new Map<ServerResponse, Client>()
  /** Frames waiting for the sessions of the streams that need one to be asked again. */
  #pending: string[] = []
  #flushing = false

  get size(): number {
    return this.#clients.size
  }

  /**
   * Opens the stream to a tab. `allowed` asks whether the session that opened it still stands: a
   * stream outlives the request that was checked, so an account disabled (or logged out) since
   * loses it before the next event instead of hearing the project for as long as it stays open.
   */
  add(res: ServerResponse, allowed?: () => Promise<boolean>): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive'
    })
    // A first line so the browser's EventSource reports `open` at once.
    res.write(': connected\n\n')
    this.#clients.set(res, { allowed: allowed ?? null })
    res.on('close', () => this.#clients.delete(res))
  }

  /**
   * Sends an event to every stream whose session still stands, asked before the event goes out.
   * One round of questions at a time: the events sent while it is out wait for the next round
   * and go out together, so a burst of progress costs a question per stream, not per event.
   */
  emit(name: EventName, payload: unknown): void {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`
    if (!this.#flushing && [...this.#clients.values()].every((client) => !client.allowed)) {
      for (const res of this.#clients.keys()) res.write(frame)
      return
    }
    this.#pending.push(frame)
    if (!this.#flushing) void this.#flush()
  }

  async #flush(): Promise<void> {
    this.#flushing = true
    try {
      while (this.#pending.length > 0) {
        const frames = this.#pending.join('')
        this.#pending = []
        const clients = [...this.#clients]
        const verdicts = await Promise.all(
          clients.map(([, client]) => client.allowed?.().catch(() => false) ?? true)
        )
        clients.forEach(([res], i) => {
          if (!this.#clients.has(res)) return
          if (verdicts[i]) res.write(frames)
          else this.#end(res)
        })
      }
    } finally {
      this.#flushing = false
    }
  }

  #end(res: ServerResponse): void {
    this.#clients.delete(res)
    res.end()
  }

  close(): void {
    for (const res of this.#clients.keys()) res.end()
    this.#clients.clear()
    this.#pending = []
  }
}
