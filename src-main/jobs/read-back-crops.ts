import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { AnalyzedPage } from '../analysis/analyze-document.js'
import { mupdf } from '../extract/mupdf.js'
import { closePdf, openPdf, type PdfFile } from '../extract/open.js'
import { planReadBack, type LineReader, type ReadBackPlan } from '../verify/read-back-plan.js'
import type { WasmMemoryLimit } from './wasm-memory-limit.js'

/** A prepared read-back, if the file could give one, and whether MuPDF's heap survived it. */
export type PreparedReadBack = Readonly<{ plan?: ReadBackPlan; spent: boolean }>

/**
 * The read-back of a document this worker has just analysed, prepared where MuPDF is loaded and
 * warm (verify/read-back-plan.ts): the file opened again and the lines drawn here spare the main
 * thread MuPDF's load and its synchronous drawing (0.7-0.8 s for a 300 dpi scan), which held up
 * both the app's screens and the hand-over of the next document to a free worker. Colours are
 * converted with ICC profiles while drawing, as the main thread draws, so the crops are the same
 * bytes. `reading` hears which recognisers the lines need before they are drawn. Whatever fails leaves the plan out, and the main thread does the whole read-back as before.
 */
export function prepareReadBack(
  source: Readonly<{ path: string; sha256: string; passwords: readonly string[] }>,
  pages: readonly AnalyzedPage[],
  memory: WasmMemoryLimit,
  reading: (readers: ReadonlySet<LineReader>) => void
): PreparedReadBack {
  let file: PdfFile | undefined
  let plan: ReadBackPlan | undefined
  try {
    const bytes = readFileSync(source.path)
    if (createHash('sha256').update(bytes).digest('hex') !== source.sha256) return { spent: false }
    file = openPdf(bytes, source.passwords)
    mupdf.enableICC()
    try {
      plan = planReadBack(file, pages, reading)
    } finally {
      mupdf.disableICC()
    }
  } catch {
    plan = undefined
  }
  const closed = file === undefined || closePdf(file)
  const spent = !closed || memory.exceeded()
  return spent || plan === undefined ? { spent } : { plan, spent }
}
