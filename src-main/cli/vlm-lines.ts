import { destination } from '../vlm/config.js'
import type { VlmRun } from '../vlm/run.js'

/** The line a run prints before it sends anything: where the pages go, and who said so. */
export function sendingLine(run: VlmRun, pages: number): string {
  const what = pages === 1 ? '1 page goes' : `${pages} pages go`
  return `recto: ${what} to the vision model ${run.config.model} at ${destination(run.config)} (configured in ${run.file})\n`
}

/** Money as the pricing file counts it, to the hundredth of a cent. */
export function money(amount: number, currency: string): string {
  return `${(Math.round(amount * 10_000) / 10_000).toString()} ${currency}`
}
