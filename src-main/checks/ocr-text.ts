import type { Check } from './check.js'

/**
 * The page's text (or part of it) was read by OCR: a person should compare it with the page.
 * The evidence says how sure the engine was, so the queue can put the doubtful pages first.
 */
export const ocrText: Check = ({ layout }) => {
  const ocr = layout.ocr
  if (!ocr) return []
  const where = ocr.scope === 'page' ? 'the page' : 'the pictures of text lines'
  const doubtful = ocr.lowConfidenceWords === 1 ? '1 word' : `${ocr.lowConfidenceWords} words`
  return [
    {
      code: 'ocr_text',
      severity: 'warn',
      message: `${ocr.words} words read by OCR from ${where} (${ocr.backend}, ${ocr.dpi} dpi), mean confidence ${ocr.meanConfidence}; ${doubtful} below 60`,
      evidence: { ...ocr }
    }
  ]
}
