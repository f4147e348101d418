import { isHorizontal, type BBox, type Line } from './layout.js'
import { nthSmallest } from './sorted.js'

/**
 * How much larger than the line's middle size a glyph may be and still count towards its height.
 * An OCR layer sizes each word to its box, so sizes wobble by a fifth; a dash or bracket fitted
 * to a tall box comes out at twice the size of the words around it.
 */
const OUTSIZE = 1.5

/**
 * The box of a line's text: MuPDF's line box, its height taken from the spans of about the
 * line's own size. One outsized glyph (an OCR layer's dash at 7 pt among words at 3 pt) would
 * otherwise stretch the line over the next one, and the two would read as one row. Lines that
 * do not run left to right keep MuPDF's box.
 */
export function textBox(line: Line): BBox {
  if (!isHorizontal(line)) return line.bbox
  const sizes: number[] = []
  for (const s of line.spans) if (s.text.trim() !== '') sizes.push(s.size)
  // The middle size of the inked spans, as middleSize takes it.
  const middle = nthSmallest(sizes, sizes.length >> 1)
  if (middle === undefined) return line.bbox
  let top = Infinity
  let bottom = -Infinity
  for (const s of line.spans) {
    if (s.text.trim() === '' || !(s.size <= middle * OUTSIZE)) continue
    top = Math.min(top, s.bbox[1])
    bottom = Math.max(bottom, s.bbox[3])
  }
  return [line.bbox[0], top, line.bbox[2], bottom]
}
