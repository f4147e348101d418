import type { Check } from './check.js'
import { charStats, imageCoverage, percent } from './char-stats.js'

/**
 * Measured on the corpus: the scans (lincoln_letter, linn, c02-22, cardinal, pdfminer 175,
 * edgar_image, blank_book) have 0 characters under a full-page image, and test-graphical-text 50
 * characters (a heading) over a full-page picture of text. The text pages with the least text and
 * an image of half the page or more (federal-register p8: 219 characters, image 52%) are figures
 * with captions, not scans.
 */
const MAX_CHARS = 100
const MIN_IMAGE_COVERAGE = 0.5

/** No usable text layer: an image-only page, or a page whose few characters sit on a big image. */
export const needsOcr: Check = ({ layout }) => {
  // Once OCR or a vision model has read the whole page, its text is ocr_text's or vlm_text's to
  // judge, however little there is.
  if (layout.ocr?.scope === 'page' || layout.vlm) return []
  const { chars } = charStats(layout)
  const coverage = imageCoverage(layout)
  if (chars >= MAX_CHARS || coverage < MIN_IMAGE_COVERAGE) return []
  const covered = percent(coverage, 1)
  const message =
    chars === 0
      ? `no text layer: the page is an image (covering ${covered}% of it)`
      : `only ${chars} characters of text on a page whose image covers ${covered}% of it`
  return [
    {
      code: 'needs_ocr',
      severity: 'error',
      message,
      evidence: {
        chars,
        imageCoverage: Math.round(coverage * 100) / 100,
        images: layout.images.length
      }
    }
  ]
}
