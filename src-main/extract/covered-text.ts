import type { BBox } from '../shared/layout.js'

/**
 * A picture drawn over at least this share of the page hides what was drawn before it: a scan
 * laid over its own OCR layer. Smaller pictures over text are figures pasted onto a text box,
 * logos or stamps, whose transparency the structured text does not tell.
 */
const PAGE_SHARE = 0.5

/**
 * Characters drawn visibly that an opaque picture drawn after them hides (invisible ones are
 * counted as such). Scanners put their OCR layer in white or black text and the scan over it
 * (ff518b's review page: a full-page scan over 313 words of white text), so nothing in the text
 * itself says it is not what a reader sees.
 */
export class CoveredText {
  private readonly lines: Array<{ box: BBox; chars: number }> = []
  private hidden = 0

  constructor(private readonly pageArea: number) {}

  /** A line of text drawn so far, with its count of characters drawn visibly. */
  line(box: BBox, chars: number): void {
    this.lines.push({ box, chars })
  }

  /** An opaque picture drawn now: the lines drawn before it under its box are hidden. */
  picture(box: BBox): void {
    const [x0, y0, x1, y1] = box
    if ((x1 - x0) * (y1 - y0) < this.pageArea * PAGE_SHARE) return
    for (const line of this.lines) {
      if (line.chars === 0) continue
      const cx = (line.box[0] + line.box[2]) / 2
      const cy = (line.box[1] + line.box[3]) / 2
      if (cx < x0 || cx > x1 || cy < y0 || cy > y1) continue
      this.hidden += line.chars
      line.chars = 0
    }
  }

  get chars(): number {
    return this.hidden
  }
}
