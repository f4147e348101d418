import type { Decision } from '../shared/flags.js'
import { PLAN_DECISIONS, type PlanDecision, type PlanSummary } from '../shared/plan-summary.js'
import { CostTally, type PricingFile } from '../vlm/pricing.js'
import type { Throughput } from './ocr-throughput.js'

/** A page as the planner counts it: both decisions and its size in points. */
export type PlannedPage = Readonly<{
  check: Decision
  plan: PlanDecision
  width: number
  height: number
}>

/** The pricing a plan uses: the file's schemes, or why there are none. */
export type Pricing = Readonly<{ file: string; prices: PricingFile | string | null }>

/** Counts pages one at a time (nothing of a large project is held) into a PlanSummary. */
export class PlanTally {
  readonly #plan = { ok: 0, review: 0, repair: 0, ocr: 0 }
  readonly #check = { ok: 0, review: 0, ocr: 0 }
  readonly #costs: { failing: CostTally; all: CostTally }[]
  readonly #pricing: Pricing

  constructor(pricing: Pricing) {
    this.#pricing = pricing
    const prices = typeof pricing.prices === 'object' ? pricing.prices : null
    this.#costs = (prices?.schemes ?? []).map((scheme) => ({
      failing: new CostTally(scheme),
      all: new CostTally(scheme)
    }))
  }

  add(page: PlannedPage): void {
    this.#plan[page.plan]++
    this.#check[page.check]++
    for (const cost of this.#costs) {
      cost.all.add(page.width, page.height)
      if (page.plan !== 'ok') cost.failing.add(page.width, page.height)
    }
  }

  summary(
    documents: number,
    ocr: Readonly<{ backend: string | null; throughput: Throughput | null }>
  ): PlanSummary {
    const pages = PLAN_DECISIONS.reduce((n, d) => n + this.#plan[d], 0)
    const count = (d: PlanDecision) => ({
      pages: this.#plan[d],
      share: pages === 0 ? 0 : this.#plan[d] / pages
    })
    const { prices, file } = this.#pricing
    const seconds = ocr.throughput?.secondsPerPage ?? null
    return {
      documents,
      pages,
      decisions: {
        ok: count('ok'),
        review: count('review'),
        repair: count('repair'),
        ocr: count('ocr')
      },
      check: { ...this.#check },
      ocr: {
        pages: this.#plan.ocr,
        backend: ocr.backend,
        secondsPerPage: seconds,
        measured: ocr.throughput?.measured ?? null,
        seconds: seconds === null ? null : Math.round(seconds * this.#plan.ocr * 100) / 100
      },
      vision:
        prices === null || typeof prices === 'string'
          ? null
          : {
              currency: prices.currency,
              config: file,
              schemes: this.#costs.map((c) => ({
                name: c.all.scheme.name,
                failing: c.failing.cost,
                all: c.all.cost
              }))
            },
      visionNote:
        prices === null
          ? `no pricing file (${file}): vision-model costs not estimated`
          : typeof prices === 'string'
            ? prices
            : null
    }
  }
}
