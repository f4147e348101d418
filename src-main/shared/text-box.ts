import { isHorizontal, middleSize, type BBox, type Line } from './layout.js'

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
  const inked = line.spans.filter((s) => s.text.trim() !== '')
  const middle = middleSize(inked)
  if (middle === undefined) return line.bbox
  const body = inked.filter((s) => s.size <= middle * OUTSIZE)
  return [
    line.bbox[0],
    Math.min(...body.map((s) => s.bbox[1])),
    line.bbox[2],
    Math.max(...body.map((s) => s.bbox[3]))
  ]
}
