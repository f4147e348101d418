import type { OcrStandIn, OcrSummary } from '../shared/layout.js'
import { languageOf } from '../language/languages.js'
import type { Check } from './check.js'

/**
 * OCR whose words average under this confidence, or have this share or more of them under 60,
 * read nothing a person could keep: an upside-down scan reads at 26 with 560 of its words under
 * 60 (cardinal p3), a clean one at 87–95 with a few.
 */
const UNUSABLE_CONFIDENCE = 50
const UNUSABLE_LOW_SHARE = 0.5

/** Share of the OCR'd words below 60. */
export function lowConfidenceShare(ocr: OcrSummary): number {
  return ocr.words > 0 ? ocr.lowConfidenceWords / ocr.words : 0
}

/** OCR that read nothing usable: the page wants turning or reading again, not reviewing. */
export function ocrUnusable(ocr: OcrSummary): boolean {
  return (
    ocr.words > 0 &&
    (ocr.meanConfidence < UNUSABLE_CONFIDENCE || lowConfidenceShare(ocr) >= UNUSABLE_LOW_SHARE)
  )
}

/**
 * The page's text (or part of it) was read by OCR: a person should compare it with the page.
 * The evidence says how sure the engine was, so the queue can put the doubtful pages first; OCR
 * too unsure to use is an error, as unusable as the text layer it replaced.
 */
export const ocrText: Check = ({ layout }) => {
  const ocr = layout.ocr
  if (!ocr) return []
  const where = ocr.scope === 'page' ? 'the page' : 'the pictures of text lines'
  const doubtful = ocr.lowConfidenceWords === 1 ? '1 word' : `${ocr.lowConfidenceWords} words`
  const unusable = ocrUnusable(ocr)
  return [
    {
      code: 'ocr_text',
      severity: unusable ? 'error' : 'warn',
      message:
        `${ocr.words} words read by OCR from ${where} (${ocr.backend}, ${ocr.dpi} dpi), mean confidence ${ocr.meanConfidence}; ${doubtful} below 60` +
        (unusable ? ': too unsure to use; turn the page or OCR it again' : '') +
        (ocr.standIns ?? []).map(standInNote).join(''),
      evidence: { ...ocr }
    }
  ]
}

/** Which model read a language for want of its own, and what reads it better. */
function standInNote({ language, model, install }: OcrStandIn): string {
  const name = (code: string) => `${languageOf(code)?.name ?? code} (${code})`
  return `; ${name(language)} has no model here: read with the ${name(model)} one, the closest installed (${install} reads it better)`
}
