import { readGreyRegion } from '../extract/grey-region.js'
import type { mupdf } from '../extract/mupdf.js'
import type { PdfFile } from '../extract/open.js'
import type { BBox } from '../shared/layout.js'
import type { LineCrop } from './line-crop.js'
import type { SampleLine } from './sample-lines.js'

/** Pixels per em of a rendered line, as font repair renders its runs (repair/run-image.ts). */
const PIXELS_PER_EM = 50
const MIN_SCALE = 2
const MAX_SCALE = 8

/**
 * The sampled line's crop of the rendered page, padded to hold its accents and descenders.
 * Rendered, a font's glyphs show and an invisible layer does not.
 */
export function drawLineCrop(file: PdfFile, line: SampleLine): LineCrop {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, PIXELS_PER_EM / Math.max(1, line.size)))
  const pad = 0.4 * line.size
  const box: BBox = [
    line.bbox[0] - pad,
    line.bbox[1] - pad / 2,
    line.bbox[2] + pad,
    line.bbox[3] + pad / 2
  ]
  const page = file.pdf.loadPage(line.page - 1) as mupdf.PDFPage
  try {
    const png = readGreyRegion(page, box, scale, (pixmap) => pixmap.asPNG().slice())
    return { png, dpi: Math.round(72 * scale) }
  } finally {
    page.destroy()
  }
}
