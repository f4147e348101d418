import { setFlagsFromString } from 'node:v8'

/**
 * How much bytecode a function runs before V8 considers optimising it: twelve times V8's
 * default (67,584). Chosen by measurement over `recto ingest` of the corpus with two workers
 * (CPU of alternated runs): 2x the default saved 9%, 4x 13%, 12x 17%, 24x no more; 2,000
 * generated pages, where every page is of one kind, cost the same at every setting.
 */
const INTERRUPT_BUDGET = 12 * 67_584

/**
 * The ingest runs a few hundred functions over pages of very different files. At V8's default a
 * function is optimised after its first few pages, then deoptimised by the first page of a
 * kind it has not seen (a rotated page, an unmapped glyph, a table), then optimised again, at
 * 20 to 140 ms of compilation a time: a third of the CPU of an ingest of the 505 corpus pages
 * went to that, and each worker pays it anew. Waiting longer lets a function see more kinds of
 * page before it is optimised. The setting is V8's, for the whole process, and only decides
 * when code is optimised, never what it computes. Set by each ingest worker before it loads the
 * engine, and by `recto text` and `recto check` before they read their file.
 */
export function tuneTieringForBatch(): void {
  setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`)
}
