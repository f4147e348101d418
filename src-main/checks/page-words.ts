import type { BBox, Block, PageLayout } from '../shared/layout.js'
import { isSpaceUnit } from '../shared/whitespace.js'

/** A word as drawn (the characters between two spaces of a line) and the box it covers. */
export type DrawnWord = Readonly<{ text: string; bbox: BBox; block: number }>

/**
 * The page's words in each block's drawing order, with their boxes: the characters' own left and
 * right edges where the span has them, the span's box where it does not (a turned line).
 */
export function drawnWords(
  layout: PageLayout,
  blocks: readonly Block[] = layout.blocks
): DrawnWord[] {
  const words: DrawnWord[] = []
  for (const block of blocks) {
    for (const line of block.lines) {
      let text = ''
      let box: [number, number, number, number] | null = null
      const close = () => {
        if (text !== '' && box) words.push({ text, bbox: box, block: block.id })
        text = ''
        box = null
      }
      for (const span of line.spans) {
        let i = 0
        for (const ch of span.text) {
          if (isSpaceUnit(ch.codePointAt(0) ?? 0)) {
            close()
          } else {
            const x0 = span.charX[2 * i] ?? span.bbox[0]
            const x1 = span.charX[2 * i + 1] ?? span.bbox[2]
            const y0 = span.bbox[1]
            const y1 = span.bbox[3]
            text += ch
            box = box
              ? [
                  Math.min(box[0], x0),
                  Math.min(box[1], y0),
                  Math.max(box[2], x1),
                  Math.max(box[3], y1)
                ]
              : [x0, y0, x1, y1]
          }
          i++
        }
      }
      close()
    }
  }
  return words
}
