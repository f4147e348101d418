import { readingQuality, type ReadingQuality } from './reading-quality.js'
import type { Flag } from '../shared/flags.js'
import type { LayerReading } from '../shared/layer-reading.js'
import type { Check } from './check.js'
import { hasOcrLayer } from './invisible-text.js'

/**
 * Below this share of words that read as words, an OCR layer is worth reading again. Text
 * layers of the corpus score 0.90 to 1.0 (tracemonkey's code listings 0.93, ff518b's doubled
 * words 0.90, small_page_size's OCR layer 0.99); a layer with a misread number in every few
 * words, or a tenth of its words not words, falls well under.
 */
export const POOR_LAYER = 0.85

/**
 * Words of a layer that are no words where its image reads a word a letter or two from them,
 * past which the layer's misreadings are its own, not OCR's (whose slips make non-words of words,
 * the other way round): "karthv" where the scan shows "earthy", "duug" where it shows "drug".
 */
export const CORRECTED_WORDS = 2

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
 * A layer that reads as words but that its image, read back (verify/layer-readback.ts),
 * contradicts: a person should look at the words the layer misread.
 */
function disagreement(reading: LayerReading | undefined): Flag[] {
  if (!reading || reading.corrections.length < CORRECTED_WORDS) return []
  const pairs = reading.corrections
    .slice(0, 4)
    .map((c) => `'${c.layer}' where the image reads '${c.image}'`)
  return [
    {
      code: 'ocr_layer',
      severity: 'warn',
      message: `the page's invisible OCR layer misreads words its image shows: ${pairs.join(', ')} (${reading.corrections.length} in ${reading.sampled} words of ${reading.lines} lines read back)`,
      evidence: {
        lines: reading.lines,
        sampled: reading.sampled,
        corrections: reading.corrections.map((c) => ({ layer: c.layer, image: c.image })),
        spots: reading.corrections.map((c) => ({
          bbox: c.bbox,
          note: `'${c.layer}' / '${c.image}'`
        }))
      }
    }
  ]
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
  if (!quality || quality.score >= POOR_LAYER) return disagreement(layout.layerReading)
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
