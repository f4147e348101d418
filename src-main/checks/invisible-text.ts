import type { Flag } from '../shared/flags.js'
import type { PageLayout } from '../shared/layout.js'
import type { Check } from './check.js'
import { charStats, imageCoverage, percent } from './char-stats.js'

/**
 * Hidden text carrying most of the page is an OCR layer (small_page_size: every character
 * invisible over the scan; ff518b's review page: every character under the scan drawn over it).
 */
const OCR_LAYER_SHARE = 0.5

/** A picture over half the page under an invisible layer is the scan the layer was read from. */
const SCAN_COVERAGE = 0.5

/**
 * A few words' worth of hidden characters among visible text is text no reader of the page has
 * seen, put there to be found by search or read by a machine (a hidden-text trick); fewer are a
 * producer's stray marks.
 */
const MIN_HIDDEN_WORDS = 20

/**
 * Whether the page's text is an OCR layer over its scan: most of its characters invisible or
 * hidden under a picture covering most of the page.
 */
export function hasOcrLayer(layout: PageLayout): boolean {
  const count = layout.invisibleChars + layout.coveredChars
  if (count === 0) return false
  const total = Math.max(charStats(layout).chars, count)
  return count / total >= OCR_LAYER_SHARE && imageCoverage(layout) >= SCAN_COVERAGE
}

function hidden(message: string, severity: Flag['severity'], evidence: object): Flag[] {
  return [{ code: 'invisible_text', severity, message, evidence: { ...evidence } }]
}

/**
 * Text drawn in render mode 3 (or fully transparent), or hidden under an opaque picture drawn
 * over it. Invisible over the page's scan it is the scan's OCR layer, which the text is read from
 * as a reader of the scan would read it: a note. Hidden under the scan (ff518b, whose layer
 * reads 'thejubileethe jubilee'), without a scan to show what it says, or among visible text,
 * no reader has seen it, and a person should look.
 */
export const invisibleText: Check = ({ layout }) => {
  const { invisibleChars: invisible, coveredChars: covered } = layout
  const count = invisible + covered
  if (count === 0) return []
  const total = Math.max(charStats(layout).chars, count)
  const share = percent(count, total)
  const evidence = { invisible, covered, total }
  if (count / total < OCR_LAYER_SHARE) {
    const words = count >= MIN_HIDDEN_WORDS
    const how = covered === 0 ? 'invisible (render mode 3)' : 'invisible or hidden under a picture'
    return hidden(
      words
        ? `${count} of ${total} characters are ${how} among the page's visible text: words no reader sees`
        : `${count} of ${total} characters are ${how}`,
      words ? 'warn' : 'info',
      evidence
    )
  }
  if (covered > 0) {
    return hidden(
      `${share}% of the characters are hidden under a picture drawn over them: an OCR layer of unknown quality`,
      'warn',
      evidence
    )
  }
  const coverage = imageCoverage(layout)
  if (coverage < SCAN_COVERAGE) {
    return hidden(
      `${share}% of the characters are invisible (render mode 3) with no scan under them: text no reader sees`,
      'warn',
      { ...evidence, imageCoverage: Math.round(coverage * 100) / 100 }
    )
  }
  return hidden(
    `${share}% of the characters are an invisible OCR layer (render mode 3) over the page's scan: the text is that layer's`,
    'info',
    { ...evidence, imageCoverage: Math.round(coverage * 100) / 100 }
  )
}
