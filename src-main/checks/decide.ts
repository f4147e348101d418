import type { Decision, Flag, Severity } from '../shared/flags.js'
import type { OcrSummary } from '../shared/layout.js'
import { lowConfidenceShare } from './ocr-text.js'

/**
 * Severity carries the decision: an `error` flag means the text layer is unusable (send the page
 * to OCR), a `warn` flag means a person should look, `info` is a note that changes nothing.
 */
export function decide(flags: readonly Flag[]): Decision {
  if (flags.some((f) => f.severity === 'error')) return 'ocr'
  if (flags.some((f) => f.severity === 'warn')) return 'review'
  return 'ok'
}

/** How much each flag takes off the page's quality (multiplicatively). */
const PENALTY: Readonly<Record<Severity, number>> = { info: 0.02, warn: 0.3, error: 0.9 }

/**
 * 0 (unusable) to 1 (nothing suspicious), for sorting the review queue worst first. A page that
 * needs OCR has no text to speak of, a damaged page none at all: 0. Unmapped glyphs cost their
 * share of the characters; OCR'd text costs what its engine was unsure of (its mean confidence,
 * and the share of words under 60), so a scan read at 26 ranks far below one read at 95.
 */
export function quality(flags: readonly Flag[]): number {
  let q = 1
  for (const flag of flags) {
    if (flag.code === 'needs_ocr' || flag.code === 'damaged_page') return 0
    q *= 1 - PENALTY[flag.severity]
    if (flag.code === 'unmapped_glyphs') {
      const { unmapped, chars } = flag.evidence as { unmapped?: number; chars?: number }
      if (unmapped && chars) q *= 1 - unmapped / chars
    }
    if (flag.code === 'ocr_text') {
      const ocr = flag.evidence as OcrSummary
      q *= (ocr.meanConfidence / 100) * (1 - lowConfidenceShare(ocr))
    }
  }
  return Math.round(q * 1000) / 1000
}
