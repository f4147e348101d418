import type { PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

/**
 * MuPDF's plain text in drawing order, as its asText() prints it (every line ends with a newline,
 * every block with one more), rebuilt from the layout so no second pass over the page is needed.
 * Paragraphs MuPDF cut into blocks are one block in the layout, so they lack the blank lines.
 * Built once per layout: the worker stores it with the page and the analysis reads it again.
 */
export const rawText = memoize((layout: PageLayout): string => {
  let text = ''
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) text += span.text
      text += '\n'
    }
    text += '\n'
  }
  return text
})
