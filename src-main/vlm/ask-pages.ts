import type { PricingScheme } from './pricing.js'
import { pageInputTokens, tokenCost } from './pricing.js'
import { messageOf } from '../shared/error-message.js'
import type { VlmBudget } from './budget.js'
import { askModel, VlmError, type Usage } from './chat-client.js'
import type { VlmConfig } from './config.js'
import { DEFAULT_PROMPT } from './prompt.js'

/** A page to send: its size in points (for the expected cost) and its image, made when sent. */
export type VlmPage = Readonly<{ width: number; height: number; image: () => Uint8Array }>

/** What one page cost: the tokens the server reported and their price under the run's scheme. */
export type PageCost = Usage & Readonly<{ cost: number }>

export type VlmOutcome =
  | Readonly<{ kind: 'read'; text: string; cost: PageCost }>
  | Readonly<{ kind: 'failed'; reason: string; cost: PageCost }>
  | Readonly<{ kind: 'skipped'; reason: string }>

export type AskOptions = Readonly<{
  config: VlmConfig
  scheme: PricingScheme
  budget: VlmBudget
  signal?: AbortSignal
}>

/** What a page is expected to cost before it is sent: the scheme's estimate, as `recto plan` makes it. */
export function expectedCost(
  scheme: PricingScheme,
  page: Pick<VlmPage, 'width' | 'height'>
): number {
  return tokenCost(
    scheme,
    pageInputTokens(scheme, page.width, page.height),
    scheme.outputTokensPerPage
  )
}

/**
 * Sends the pages to the model, `concurrency` at a time, in the order given, each only if the
 * budget has room for it; `onOutcome` hears each page as soon as it is done (read, failed or
 * skipped), so a caller can store it at once and a stop loses nothing already answered.
 */
export async function askPages<P extends VlmPage>(
  pages: readonly P[],
  options: AskOptions,
  onOutcome: (page: P, outcome: VlmOutcome) => void | Promise<void>
): Promise<void> {
  const { config, scheme, budget, signal } = options
  const prompt = config.prompt ?? DEFAULT_PROMPT
  let next = 0
  const priced = (usage: Usage): PageCost => ({
    ...usage,
    cost: tokenCost(scheme, usage.inputTokens, usage.outputTokens)
  })
  const lane = async () => {
    while (next < pages.length) {
      const page = pages[next++]!
      if (signal?.aborted) {
        await onOutcome(page, { kind: 'skipped', reason: 'stopped' })
        continue
      }
      const expected = expectedCost(scheme, page)
      if (!budget.start(expected)) {
        await onOutcome(page, { kind: 'skipped', reason: budget.reason() })
        continue
      }
      let outcome: VlmOutcome
      try {
        const answer = await askModel(config, { png: page.image(), prompt }, signal)
        outcome = { kind: 'read', text: answer.text, cost: priced(answer.usage) }
      } catch (error) {
        const usage = error instanceof VlmError ? error.usage : { inputTokens: 0, outputTokens: 0 }
        outcome = { kind: 'failed', reason: messageOf(error), cost: priced(usage) }
      }
      budget.finish(expected, outcome.cost.cost)
      await onOutcome(page, outcome)
    }
  }
  await Promise.all(Array.from({ length: Math.min(config.concurrency, pages.length) }, lane))
}
