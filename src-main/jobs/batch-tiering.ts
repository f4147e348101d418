import { setFlagsFromString } from 'node:v8'

/**
 * How much bytecode a function runs before V8 considers optimising it: twelve times V8's
 * default (67,584). Chosen by measurement over `recto ingest` of the corpus with two workers
 * (CPU of alternated runs): 2x the default saved 9%, 4x 13%, 12x 17%, 24x no more; 2,000
 * generated pages, where every page is of one kind, cost the same at every setting.
 */
const INTERRUPT_BUDGET = 12 * 67_584

/**
 * How much a WASM function runs before V8 compiles it again with its optimising compiler:
 * sixteen times V8's default (1,800,000). MuPDF's module is 10 MB and tesseract.js's 3.5 MB; at
 * the default every function a run touches a little is compiled twice, on V8's background
 * threads: for small_page_size's ingest (one page, its OCR layer read back) 1.3 s of CPU of the
 * 4.3 it costs, more than MuPDF's reading and the recogniser's lines together.
 */
const WASM_TIERING_BUDGET = 16 * 1_800_000

/**
 * The ingest runs a few hundred functions over pages of very different files. At V8's default a
 * function is optimised after its first few pages, then deoptimised by the first page of a
 * kind it has not seen (a rotated page, an unmapped glyph, a table), then optimised again, at
 * 20 to 140 ms of compilation a time: a third of the CPU of an ingest of the 505 corpus pages
 * went to that, and each worker pays it anew. Waiting longer lets a function see more kinds of
 * page before it is optimised; the hot WASM functions of MuPDF and of the recogniser are still
 * optimised, later. The settings are V8's, for the whole process, and only decide when code is
 * optimised, never what it computes; a WASM module takes its budget when it is instantiated.
 * Set by each ingest worker before it loads the engine, and by `recto text` and `recto check`
 * before they read their file.
 */
export function tuneTieringForBatch(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`)
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`)
}
