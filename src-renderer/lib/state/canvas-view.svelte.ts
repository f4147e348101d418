/**
 * How the reviewer looks at pages, kept from one page to the next: fitted to the width (each page
 * fits, whatever its size) or at the zoom they chose.
 */
export type ZoomCommand = Readonly<{ kind: 'in' | 'out' | 'fit'; serial: number }>

class CanvasView {
  #fit = $state(true)
  #zoom = $state(1)
  #command = $state.raw<ZoomCommand | null>(null)

  /** The last zoom asked for by a key, for the page canvas to carry out. */
  get command(): ZoomCommand | null {
    return this.#command
  }

  ask(kind: ZoomCommand['kind']): void {
    this.#command = { kind, serial: (this.#command?.serial ?? 0) + 1 }
  }

  get fit(): boolean {
    return this.#fit
  }

  get zoom(): number {
    return this.#zoom
  }

  /** Fit width from now on, on every page. */
  fitWidth(): void {
    this.#fit = true
  }

  /** A zoom the reviewer chose, kept for the next pages. */
  keep(zoom: number): void {
    this.#fit = false
    this.#zoom = zoom
  }
}

export const canvasView = new CanvasView()
