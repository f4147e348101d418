import { readingQuality, type ReadingQuality } from './reading-quality.js'
import type { Flag } from '../shared/flags.js'
import type { Check } from './check.js'
import { hasOcrLayer } from './invisible-text.js'

/**
 * Below this share of words that read as words, an OCR layer is worth reading again. Text
 * layers of the corpus score 0.90 to 1.0 (tracemonkey's code listings 0.93, ff518b's doubled
 * words 0.90, small_page_size's OCR layer 0.99); a layer with a misread number in every few
 * words, or a tenth of its words not words, falls well under.
 */
export const POOR_LAYER = 0.85

function percentOf(score: number): number {
  return Math.round(score * 100)
}

function what(quality: ReadingQuality): string {
  const examples = [...quality.misreadNumbers, ...quality.nonWords].slice(0, 4)
  const numbers = quality.misread === 1 ? '1 number' : `${quality.misread} numbers`
  return (
    `${percentOf(quality.score)}% of ${quality.judged} words read as ${quality.language} words` +
    (quality.misread > 0 ? `, ${numbers} with letters for digits` : '') +
    (examples.length > 0 ? ` (${examples.map((e) => `"${e}"`).join(', ')})` : '')
  )
}

/**
 * The page's invisible OCR layer, judged as a reader would: non-words, digits read as letters,
 * words its language lacks. A poor layer sends the page to OCR (error); once OCR has read it
 * again, which reading was kept and why. A layer that reads well is invisible_text's note only.
 */
export const ocrLayer: Check = ({ layout, text }) => {
  const choice = layout.ocrLayer
  if (choice) {
    const scores = `${percentOf(choice.ocrScore)}% of the new reading's words read as ${choice.language} words, ${percentOf(choice.layerScore)}% of the layer's`
    const flag: Flag =
      choice.kept === 'ocr'
        ? {
            code: 'ocr_layer',
            severity: 'info',
            message: `the page's poor OCR layer was replaced by a new OCR reading: ${scores}`,
            evidence: { ...choice }
          }
        : {
            code: 'ocr_layer',
            severity: 'warn',
            message: `the page's poor OCR layer was kept: OCR read it no better (${scores})`,
            evidence: { ...choice }
          }
    return [flag]
  }
  if (layout.ocr || !hasOcrLayer(layout)) return []
  const quality = readingQuality(text)
  if (!quality || quality.score >= POOR_LAYER) return []
  return [
    {
      code: 'ocr_layer',
      severity: 'error',
      message: `the page's invisible OCR layer reads poorly: ${what(quality)}; OCR the page again`,
      evidence: {
        language: quality.language,
        judged: quality.judged,
        score: Math.round(quality.score * 1000) / 1000,
        misread: quality.misread,
        examples: [...quality.misreadNumbers, ...quality.nonWords].slice(0, 5)
      }
    }
  ]
}
