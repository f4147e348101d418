import type { Check } from './check.js'
import { charStats, percent } from './char-stats.js'

/**
 * An OCR layer (small_page_size: every character invisible over the scan; ff518b's review page:
 * every character under the scan drawn over it) carries most of the page; a few invisible
 * characters (scotus-transcript: 82 of 600, hidden line numbers) are usually an artefact of the
 * producer and worth a note only.
 */
const OCR_LAYER_SHARE = 0.5

/**
 * Text drawn in render mode 3 (or fully transparent), or hidden under an opaque picture drawn
 * over it: an OCR layer of unknown quality, which no reader of the page has seen.
 */
export const invisibleText: Check = ({ layout }) => {
  const { invisibleChars: invisible, coveredChars: covered } = layout
  const hidden = invisible + covered
  if (hidden === 0) return []
  const total = Math.max(charStats(layout).codePoints, hidden)
  const ocrLayer = hidden / total >= OCR_LAYER_SHARE
  const how =
    covered === 0
      ? 'invisible (render mode 3)'
      : invisible === 0
        ? 'hidden under a picture drawn over them'
        : 'invisible (render mode 3) or hidden under a picture drawn over them'
  return [
    {
      code: 'invisible_text',
      severity: ocrLayer ? 'warn' : 'info',
      message: ocrLayer
        ? `${percent(hidden, total)}% of the characters are ${how}: an OCR layer of unknown quality`
        : `${hidden} of ${total} characters are ${how}`,
      evidence: { invisible, covered, total }
    }
  ]
}
