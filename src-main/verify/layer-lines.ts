import type { AnalyzedPage } from '../analysis/analyze-document.js'
import { hasOcrLayer } from '../checks/invisible-text.js'
import { languageOfText } from '../language/text-language.js'
import { rawText } from '../extract/raw-text.js'
import { boundsOf, drawnLine, isHorizontal, type PageLayout } from '../shared/layout.js'
import { doubtfulWord, foldLetters } from './compare-readings.js'
import type { SampleLine } from './sample-lines.js'
import type { LayerReading } from '../shared/layer-reading.js'

/**
 * Lines of a layer read per page: a poor layer misreads a word in every line or two, so a few of
 * its doubtful lines show it, at 0.03–0.3 s of OCR a line.
 */
export const LAYER_LINES = 6
const MIN_LETTERS = 6
/**
 * Layer pages of a document read back with no misreading found, after which the rest of its layer
 * is trusted: one OCR program made the whole layer, so its quality holds across the document, and
 * a scanned book should not pay a second OCR of every page. A misreading found keeps the read-back
 * going to the last page, where it sends each misread page to review.
 */
export const TRUSTED_AFTER_PAGES = 8

/**
 * Pages whose text is an invisible OCR layer over their scan, not yet read back, upright (their
 * boxes are the rendered page's) and in English: the word list is what tells a misread word, and
 * it is English only. Only pages decided `ok`: the read-back can only send a page to review, so a
 * page already there (or going to OCR) would pay its OCR for nothing the queue shows.
 */
export function layersToRead(pages: readonly AnalyzedPage[]): PageLayout[] {
  return pages
    .filter((page) => page.analysis.decision === 'ok')
    .map((page) => page.layout)
    .filter(
      (layout) =>
        layout.layerReading === undefined &&
        layout.ocr === undefined &&
        layout.rotation === 0 &&
        hasOcrLayer(layout) &&
        languageOfText(rawText(layout)) === 'eng'
    )
}

/**
 * How much a word of the layer looks misread: a word in small letters the list lacks, or one
 * with a capital after small letters or a digit among letters ("duug", "WoldB", "a3"), most; a
 * capitalised one ("Karthv") less, as names are; one in capitals (an acronym, "XIX") not at all.
 */
function doubt(token: string): number {
  if (!doubtfulWord(foldLetters(token))) return 0
  if (token === token.toUpperCase()) return 0
  return /^\p{Lu}\p{Ll}*$/u.test(token) ? 1 : 2
}

/** The doubt of a line's words, leaving out a word split at a line end ("irre-", "gularity"). */
function doubts(text: string, continued: boolean): number {
  const tokens = text.split(/[^\p{L}\p{N}\p{M}]+/u).filter((token) => token !== '')
  if (/-\s*$/u.test(text)) tokens.pop()
  if (continued) tokens.shift()
  return tokens.reduce((sum, token) => sum + doubt(token), 0)
}

/**
 * Up to LAYER_LINES lines of the page's layer, those whose words look most misread first: only
 * a word the list lacks can be a misreading the image
 * corrects, so a layer whose every word is a word costs no OCR.
 */
export function sampleLayerLines(layout: PageLayout): SampleLine[] {
  const found: (SampleLine & { doubt: number })[] = []
  for (const block of layout.blocks) {
    if (block.source !== undefined) continue
    let continued = false
    for (const line of block.lines) {
      const text = drawnLine(line)
      const doubt = doubts(text, continued)
      continued = /-\s*$/u.test(text)
      if (!isHorizontal(line) || line.spans.length === 0) continue
      if (doubt === 0 || (text.match(/\p{L}/gu) ?? []).length < MIN_LETTERS) continue
      found.push({
        page: layout.page,
        text,
        bbox: boundsOf(line.spans.map((span) => span.bbox)),
        size: Math.max(...line.spans.map((span) => span.size)),
        doubt
      })
    }
  }
  found.sort((a, b) => b.doubt - a.doubt || b.text.length - a.text.length)
  return found
    .slice(0, LAYER_LINES)
    .map((line) => ({ page: line.page, text: line.text, bbox: line.bbox, size: line.size }))
}

/** Whether the layer pages read so far vouch for the rest of the document's layer. */
export function layerTrusted(readings: Iterable<LayerReading>): boolean {
  let pages = 0
  for (const reading of readings) {
    if (reading.corrections.length > 0) return false
    pages++
  }
  return pages >= TRUSTED_AFTER_PAGES
}
