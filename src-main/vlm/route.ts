import { ocrUnusable } from '../checks/ocr-text.js'
import type { PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'

/**
 * Why a page goes to the vision model after OCR, or null when it does not: the cascade's last
 * machine rung is for the pages OCR could not read, never for text that reads.
 * - `OCR read nothing usable`: most of its words were unsure, or the mean was very low
 *   (handwriting, a page too faint or too damaged): ocr_text's error;
 * - `OCR confidence N under M`: read, but less surely than the config's threshold;
 * - `no OCR reading`: the page needs OCR (decision `ocr`) and none stands on it (no model for
 *   its language, OCR failed, or the run had no OCR);
 * - `rejected after OCR`: the checks still send the OCR'd page back (decision `ocr`).
 * A damaged page cannot be rendered, and a page already read by the model is not read again.
 */
export function vlmReason(
  layout: PageLayout,
  analysis: PageAnalysis,
  minOcrConfidence: number
): string | null {
  if (layout.damage !== null || layout.vlm) return null
  const ocr = layout.ocr
  // A page OCR found no words on is blank to it; the checks say whether that is believable.
  if (ocr?.scope === 'page' && ocr.words > 0) {
    if (ocrUnusable(ocr)) return 'OCR read nothing usable'
    if (ocr.meanConfidence < minOcrConfidence) {
      return `OCR confidence ${ocr.meanConfidence} under ${minOcrConfidence}`
    }
  }
  if (analysis.decision !== 'ocr') return null
  return ocr ? 'rejected after OCR' : 'no OCR reading'
}
