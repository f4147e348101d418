import { readGreyRegion } from '../extract/grey-region.js'
import type { mupdf } from '../extract/mupdf.js'
import type { BBox } from '../shared/layout.js'
import type { GlyphRun } from './glyph-runs.js'

/** A run rendered for recognition, and which of its glyphs put ink on the page. */
export type RunImage = Readonly<{ png: Uint8Array; dpi: number; inked: readonly boolean[] }>

/**
 * Pixels per em of the rendered text: about 300 dpi for 12 pt type, the resolution Tesseract
 * reads best; small print is enlarged and headings shrunk to the same size.
 */
const PIXELS_PER_EM = 50
const MIN_SCALE = 2
const MAX_SCALE = 8
/**
 * Margin left and right of a run, in ems: room for Tesseract to see where the line starts and
 * ends. A glyph shown alone to the reviewer gets a hair's width, so its neighbours stay out.
 */
const RUN_SIDE_PAD = 0.4
export const GLYPH_SIDE_PAD = 0.05
/** Ink is a pixel darker than this (of 255) in the middle of a glyph's advance. */
const INK = 128
/** The part of each side of a glyph's advance left out of the ink test, where neighbours reach. */
const SIDE = 0.2

/**
 * Renders a run's box (padded by fractions of its font size) in grey, the glyphs exactly as the
 * page draws them, and tells for each glyph whether its advance holds any ink: a space glyph does
 * not, and recognition will not see it.
 */
export function renderRun(page: mupdf.PDFPage, run: GlyphRun, sidePad = RUN_SIDE_PAD): RunImage {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, PIXELS_PER_EM / Math.max(1, run.size)))
  const padX = sidePad * run.size
  const padY = 0.2 * run.size
  const box: BBox = [run.bbox[0] - padX, run.bbox[1] - padY, run.bbox[2] + padX, run.bbox[3] + padY]
  return readGreyRegion(page, box, scale, (pixmap, origin) => {
    const pixels = pixmap.getPixels()
    const stride = pixmap.getStride()
    const width = pixmap.getWidth()
    const height = pixmap.getHeight()
    const inked = run.codes.map((_, i) => {
      const x0 = run.charX[2 * i] ?? 0
      const x1 = run.charX[2 * i + 1] ?? 0
      const inset = SIDE * (x1 - x0)
      const from = Math.max(0, Math.floor((x0 + inset) * scale) - origin[0])
      const to = Math.min(width, Math.ceil((x1 - inset) * scale) - origin[0])
      for (let y = 0; y < height; y++) {
        for (let x = from; x < to; x++) if ((pixels[y * stride + x] ?? 255) < INK) return true
      }
      return false
    })
    return { png: pixmap.asPNG().slice(), dpi: Math.round(72 * scale), inked }
  })
}
