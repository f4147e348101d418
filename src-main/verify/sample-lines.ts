import { boundsOf, isHorizontal, type BBox, type PageLayout } from '../shared/layout.js'

/** A stretch of one line drawn in one font: what its map reads, and where it is drawn. */
export type SampleLine = Readonly<{ page: number; text: string; bbox: BBox; size: number }>

/** Lines read per font: enough words to tell a wrong map from OCR's slips, at 0.1–0.3 s a line. */
export const SAMPLE_LINES = 6
/** A stretch with fewer letters gives OCR too little to read and the comparison too few words. */
const MIN_LETTERS = 6

/**
 * Up to SAMPLE_LINES stretches of the document's text drawn in `font`, the longest of each
 * page first, pages taken in turn so a font on many pages is sampled across them, each text
 * once (a running head on every page tells nothing new on the second). Only upright horizontal
 * lines on unrotated pages: their boxes are the rendered page's.
 */
export function sampleLines(layouts: readonly PageLayout[], font: string): SampleLine[] {
  const perPage: SampleLine[][] = []
  for (const layout of layouts) {
    if (layout.rotation !== 0) continue
    const found: SampleLine[] = []
    for (const block of layout.blocks) {
      if (block.source !== undefined) continue
      for (const line of block.lines) {
        if (!isHorizontal(line)) continue
        const spans = line.spans.filter((span) => span.font === font)
        const text = spans.map((span) => span.text).join('')
        const letters = (text.match(/\p{L}/gu) ?? []).length
        if (spans.length === 0 || letters < MIN_LETTERS) continue
        found.push({
          page: layout.page,
          text,
          bbox: boundsOf(spans.map((span) => span.bbox)),
          size: Math.max(...spans.map((span) => span.size))
        })
      }
    }
    found.sort((a, b) => b.text.length - a.text.length)
    if (found.length > 0) perPage.push(found)
  }
  const chosen: SampleLine[] = []
  const texts = new Set<string>()
  for (let round = 0; chosen.length < SAMPLE_LINES; round++) {
    const next = perPage.map((lines) => lines[round]).filter((line) => line !== undefined)
    if (next.length === 0) break
    for (const line of next) {
      if (chosen.length === SAMPLE_LINES || texts.has(line.text)) continue
      texts.add(line.text)
      chosen.push(line)
    }
  }
  return chosen
}
