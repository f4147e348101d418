/**
 * What a run may spend on the model: pages, and money in the pricing file's currency. A page
 * starts only if the pages so far, and the money spent plus what the pages under way are
 * expected to cost plus its own expected cost, stay within the limits; so a run stops cleanly at
 * its budget, never far past it, even with several pages asked at once.
 */
export class VlmBudget {
  #started = 0
  #spent = 0
  #reserved = 0

  constructor(
    readonly maxPages: number | null,
    readonly maxCost: number | null
  ) {}

  /** Takes a page's expected cost from the budget, or says false when it would not fit. */
  start(expected: number): boolean {
    if (this.maxPages !== null && this.#started >= this.maxPages) return false
    if (this.maxCost !== null && this.#spent + this.#reserved + expected > this.maxCost) {
      return false
    }
    this.#started++
    this.#reserved += expected
    return true
  }

  /** A page came back: what it was expected to cost is released, what it cost is spent. */
  finish(expected: number, cost: number): void {
    this.#reserved -= expected
    this.#spent += cost
  }

  get spent(): number {
    return this.#spent
  }

  /** Why a page was not started, in the words of the option that stopped it. */
  reason(): string {
    if (this.maxPages !== null && this.#started >= this.maxPages) {
      return `--vlm-max-pages ${this.maxPages} reached`
    }
    return `--vlm-max-cost ${this.maxCost} reached (spent ${round(this.#spent)})`
  }
}

function round(money: number): number {
  return Math.round(money * 10_000) / 10_000
}
