import type { Check } from './check.js'
import { charStats, percent } from './char-stats.js'

/**
 * An OCR layer (small_page_size: every character invisible over the scan) carries most of the
 * page; a few invisible characters (scotus-transcript: 82 of 600, hidden line numbers) are
 * usually an artefact of the producer and worth a note only.
 */
const OCR_LAYER_SHARE = 0.5

/** Text drawn in render mode 3 (or fully transparent): an OCR layer of unknown quality. */
export const invisibleText: Check = ({ layout }) => {
  const invisible = layout.invisibleChars
  if (invisible === 0) return []
  const total = Math.max(charStats(layout).codePoints, invisible)
  const share = invisible / total
  const ocrLayer = share >= OCR_LAYER_SHARE
  return [
    {
      code: 'invisible_text',
      severity: ocrLayer ? 'warn' : 'info',
      message: ocrLayer
        ? `${percent(invisible, total)}% of the characters are invisible (render mode 3): an OCR layer of unknown quality`
        : `${invisible} of ${total} characters are invisible (render mode 3)`,
      evidence: { invisible, total }
    }
  ]
}
