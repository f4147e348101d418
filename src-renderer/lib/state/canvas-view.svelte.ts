/**
 * How the reviewer looks at pages, kept from one page to the next: fitted to the width (each page
 * fits, whatever its size) or at the zoom they chose, for pages about as wide as the one they
 * chose it on. A page of another size (a fold-out plan among letters) is fitted instead: at the
 * letter's 160 % a 200-inch plan would open as a blank corner of itself.
 */
export type ZoomCommand = Readonly<{ kind: 'in' | 'out' | 'fit'; serial: number }>

/** Pages within a quarter of each other's width count as the same size (A4 and Letter do). */
const SAME_SIZE = 0.25

class CanvasView {
  #fit = $state(true)
  #zoom = $state(1)
  #width = 0
  #command = $state.raw<ZoomCommand | null>(null)

  /** The last zoom asked for by a key, for the page canvas to carry out. */
  get command(): ZoomCommand | null {
    return this.#command
  }

  ask(kind: ZoomCommand['kind']): void {
    this.#command = { kind, serial: (this.#command?.serial ?? 0) + 1 }
  }

  /** Fit width from now on, on every page. */
  fitWidth(): void {
    this.#fit = true
  }

  /** A zoom the reviewer chose on a page `width` points wide, kept for the next pages. */
  keep(zoom: number, width: number): void {
    this.#fit = false
    this.#zoom = zoom
    this.#width = width
  }

  /** The kept zoom for a page `width` points wide, or null where the page should be fitted. */
  zoomFor(width: number): number | null {
    if (this.#fit || this.#width <= 0) return null
    return Math.abs(width / this.#width - 1) <= SAME_SIZE ? this.#zoom : null
  }
}

export const canvasView = new CanvasView()
