import { z } from 'zod'

/** x0, y0, x1, y1 in PDF points of the unrotated page, y down (shared/layout.ts). */
const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()])

/** A word of a line OCR was unsure of (below LOW_CONFIDENCE, src-main/ocr/ocr-layout.ts). */
export const LineWord = z.object({ text: z.string(), confidence: z.number() })
export type LineWord = z.infer<typeof LineWord>

/**
 * A line of a block as the line-by-line editor shows it: its box on the page, for the strip of
 * the page image above its text and the mark on the page, and its part of the block's text
 * (layout/line-pieces.ts): `blockText.slice(start, end)`.
 */
export const PageLine = z.object({
  bbox: BBox,
  start: z.int().nonnegative(),
  end: z.int().nonnegative(),
  doubtful: z.array(LineWord)
})
export type PageLine = z.infer<typeof PageLine>

/**
 * A block of the page as the reviewer's structure makes it, with the engine's text of it and its
 * lines. A block whose text is not its lines in order (a table's rows) has one line: itself.
 */
export const LineBlock = z.object({
  id: z.int().nonnegative(),
  text: z.string(),
  lines: z.array(PageLine)
})
export type LineBlock = z.infer<typeof LineBlock>

/** The contract's methods of the line-by-line editor (contract.ts merges them into METHODS). */
export const LINE_METHODS = {
  /** Each block's lines, boxes and doubtful words, for correcting the page line by line. */
  'pages.lines': {
    input: z.strictObject({ documentId: z.int().positive(), pageNo: z.int().positive() }),
    output: z.array(LineBlock)
  }
} as const
