/**
 * "Order by clicking": the blocks clicked come first, in click order; the others keep the order
 * they had when the clicking started.
 */
export class ClickOrder {
  #on = $state(false)
  #clicked = $state.raw<number[]>([])
  #orderAtStart: number[] = []

  get on(): boolean {
    return this.#on
  }

  get clicked(): readonly number[] {
    return this.#clicked
  }

  start(order: readonly number[]): void {
    this.#orderAtStart = [...order]
    this.#clicked = []
    this.#on = true
  }

  stop(): void {
    this.#on = false
    this.#clicked = []
  }

  /** The page's order after a click on block `id`; null when the click changes nothing. */
  click(id: number): number[] | null {
    if (!this.#on || this.#clicked.includes(id)) return null
    const clicked = [...this.#clicked, id]
    this.#clicked = clicked
    const rest = this.#orderAtStart.filter((other) => !clicked.includes(other))
    return [...clicked, ...rest]
  }

  /** Once every block of the page's order has been clicked, the clicking ends. */
  stopIfDone(order: readonly number[]): void {
    if (this.#on && this.#clicked.length >= order.length) this.stop()
  }
}
