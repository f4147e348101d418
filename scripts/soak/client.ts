import { Random } from '../fuzz/random.js'
import type { SoakMeter } from './meter.js'
import { messageOf } from '../../src-main/shared/error-message.js'

export type PageRef = Readonly<{ documentId: number; pageNo: number }>

type PageState = Readonly<{
  order: number[]
  excluded: number[]
  blockText: Record<string, string>
  pageText: string | null
  status: string
  canUndo: boolean
}>

type PageDetail = Readonly<{ blockText: string[]; state: PageState }>

type RpcResult =
  { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }

/** What a client does next, by weight: mostly reading pages, as a reviewer does. */
const ACTIONS = [
  ['open', 40],
  ['edit', 20],
  ['reorder', 8],
  ['undo', 12],
  ['approve', 10],
  ['queue', 6],
  ['export', 4]
] as const
type Action = (typeof ACTIONS)[number][0]

/**
 * One reviewer on loopback: works through its own pages (no two clients share one, so an undo
 * only ever undoes the client's own edit) until the deadline, about `rate` requests a second,
 * one at a time. Every request is timed; an HTTP failure or a result that is not ok is an error.
 */
export class SoakClient {
  readonly #url: URL
  readonly #meter: SoakMeter
  readonly #goldDir: string

  constructor(url: URL, meter: SoakMeter, goldDir: string) {
    this.#url = url
    this.#meter = meter
    this.#goldDir = goldDir
  }

  async call<T>(method: string, input: unknown): Promise<T> {
    const started = performance.now()
    let result: RpcResult
    try {
      const response = await fetch(new URL(`/rpc/${method}`, this.#url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-recto-token': this.#url.searchParams.get('token') ?? ''
        },
        body: JSON.stringify(input)
      })
      result = (await response.json()) as RpcResult
    } catch (error) {
      this.#meter.error(`${method}: ${messageOf(error)}`)
      throw error
    }
    this.#meter.request(performance.now() - started)
    if (!result.ok) {
      this.#meter.error(`${method}: ${result.error.code}: ${result.error.message}`)
      throw new Error(result.error.message)
    }
    return result.value as T
  }

  async run(
    pages: readonly PageRef[],
    options: Readonly<{ deadline: number; rate: number; seed: number }>
  ): Promise<void> {
    const random = new Random(options.seed)
    const total = ACTIONS.reduce((n, [, w]) => n + w, 0)
    const pick = (): Action => {
      let r = random.int(total)
      for (const [action, weight] of ACTIONS) {
        if ((r -= weight) < 0) return action
      }
      return 'open'
    }
    const gap = 1000 / options.rate
    let next = Date.now()
    // Bounded: the deadline ends the loop, and so does a rate's worth of requests for the time.
    const most = Math.ceil(((options.deadline - Date.now()) / 1000) * options.rate) + 1
    for (let i = 0; i < most && Date.now() < options.deadline; i++) {
      const page = random.pick(pages)
      try {
        await this.#act(pick(), page, random)
      } catch {
        // Counted by call(); the client goes on with its next action.
      }
      next += gap
      const wait = next - Date.now()
      if (wait > 0) await new Promise((done) => setTimeout(done, wait))
      else next = Date.now()
    }
  }

  async #act(action: Action, page: PageRef, random: Random): Promise<void> {
    switch (action) {
      case 'open': {
        await this.call('pages.get', page)
        await this.call('pages.image', { ...page, scale: 1 })
        return
      }
      case 'edit':
      case 'reorder': {
        const detail = await this.call<PageDetail>('pages.get', page)
        const { state } = detail
        const blockText = { ...state.blockText }
        let order = state.order
        if (action === 'edit' && detail.blockText.length > 0) {
          const id = random.int(detail.blockText.length)
          blockText[id] = `${detail.blockText[id] ?? ''} [checked ${random.int(1000)}]`
        } else if (order.length > 1) {
          const at = random.int(order.length - 1)
          order = [...order]
          ;[order[at], order[at + 1]] = [order[at + 1]!, order[at]!]
        }
        await this.call('revisions.save', {
          ...page,
          order,
          excluded: state.excluded,
          blockText,
          pageText: null,
          status: 'corrected'
        })
        return
      }
      case 'undo': {
        const { state } = await this.call<PageDetail>('pages.get', page)
        if (state.canUndo) await this.call('revisions.undo', page)
        return
      }
      case 'approve': {
        const { state } = await this.call<PageDetail>('pages.get', page)
        const { order, excluded, blockText, pageText } = state
        await this.call('revisions.save', {
          ...page,
          order,
          excluded,
          blockText,
          pageText,
          status: 'approved'
        })
        return
      }
      case 'queue': {
        await this.call('pages.queue', { limit: 50 })
        return
      }
      case 'export': {
        await this.call('gold.export', { dir: this.#goldDir })
        return
      }
    }
  }
}
