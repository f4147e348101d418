import type { BBox } from '../shared/layout.js'

/** A block as the reading-order passes see it: its box, and the little of its text they weigh. */
export type Box = Readonly<{
  id: number
  box: BBox
  lines: number
  /** Non-space characters per line, on average. */
  lineChars: number
  /** The first characters of the block's text, enough to tell a sub-figure label "(a) ". */
  lead?: string
  /**
   * Where the block's text starts along its top row, left to right, when that is not its box's
   * left edge: a block that closes a formula and wraps to the next line ("} heißt die konvexe
   * Hülle …") starts at the brace, not at its wrapped lines' left edge.
   */
  start?: number
  /**
   * The block is a paragraph: its sentences run on from one line to the next, as a table cell's
   * label or a stanza's lines do not (table-prose.ts).
   */
  prose?: boolean
}>
