import type { BBox, ImageBox, PageLayout } from '../shared/layout.js'
import { bodySize } from '../layout/body-size.js'
import type { Check } from './check.js'

/**
 * A picture shaped like a line of text: as tall as a line of the page's body text (0.6 to 2.5
 * times its size) and at least LINE_ASPECT times as wide as it is tall.
 */
const MIN_HEIGHT = 0.6
const MAX_HEIGHT = 2.5
const LINE_ASPECT = 8

/**
 * Measured on the corpus: the only such pictures with no text drawn over them are the table of
 * contents entries NIST's SP 800-223 pasted in as images (test_3842 p7: 10 lines, p8: 3). A
 * heading's shaded bar has its heading drawn over it (normal_4pages p1, p3, p4), and a single
 * strip can as well be a banner or a signature, so it takes two to say words are missing.
 */
const MIN_LINES = 2

/**
 * Lines of text drawn as pictures among the page's own text: the reader sees words that are in
 * no text layer, so the extracted text silently lacks them. Image-only pages are `needs_ocr`'s.
 */
export const textImages: Check = ({ layout }) => {
  const lines = textLineImages(layout)
  if (lines.length < MIN_LINES) return []
  return [
    {
      code: 'text_images',
      severity: 'warn',
      message: `${lines.length} lines of text drawn as pictures with no text over them: their words are missing from the text`,
      evidence: { images: lines.length, boxes: lines.slice(0, 5).map((i) => rounded(i.bbox)) }
    }
  ]
}

/** The pictures shaped like a line of text with no text over them, in drawing order. */
export function textLineImages(layout: PageLayout): ImageBox[] {
  const body = bodySize(layout)
  const centres = layout.blocks.flatMap((b) =>
    b.lines.map((l) => [(l.bbox[0] + l.bbox[2]) / 2, (l.bbox[1] + l.bbox[3]) / 2] as const)
  )
  if (centres.length === 0) return []
  return layout.images.filter((image) => {
    const [x0, y0, x1, y1] = image.bbox
    const h = y1 - y0
    return (
      h >= body * MIN_HEIGHT &&
      h <= body * MAX_HEIGHT &&
      x1 - x0 >= h * LINE_ASPECT &&
      !centres.some(([x, y]) => x > x0 && x < x1 && y > y0 && y < y1)
    )
  })
}

/** Two lines at least: one strip alone is as likely a banner or a signature. */
export function hasTextImages(layout: PageLayout): boolean {
  return textLineImages(layout).length >= MIN_LINES
}

function rounded(box: BBox): number[] {
  return box.map((v) => Math.round(v))
}
