import type {
  BBox,
  Block,
  Line,
  OcrStandIn,
  OcrSummary,
  PageLayout,
  Span
} from '../shared/layout.js'
import { boundsOf } from '../shared/layout.js'
import { isRtlText } from '../layout/rtl.js'
import { lineTypeSize } from './glyph-size.js'
import type { PageWord } from './page-words.js'

/** A word below this confidence (tesseract's 0–100) is shown to the reviewer as doubtful. */
export const LOW_CONFIDENCE = 60

export type PageOcr = Readonly<{
  backend: string
  dpi: number
  scope: 'page' | 'regions'
  words: readonly PageWord[]
  /** Languages of the page read with another's model (stand-in.ts); absent when none. */
  standIns?: readonly OcrStandIn[]
}>

/**
 * The page as OCR reads it: a whole-page OCR replaces the blocks (the text layer was unusable;
 * the caller keeps it elsewhere) but for `real` ones, the text layer's own words, which OCR's
 * words over them give way to; a region OCR adds its blocks after the text layer's. OCR's blocks
 * get the next ids, for the reading order to slot in by their place on the page. Everything else of
 * the layout (size, images, fonts) is the page's own.
 */
export function withOcr(layout: PageLayout, ocr: PageOcr, real: readonly Block[] = []): PageLayout {
  // Block ids are their places in the list: the real blocks kept are numbered again from 0.
  const kept = ocr.scope === 'page' ? real.map((block, id) => ({ ...block, id })) : layout.blocks
  const firstId = kept.reduce((max, block) => Math.max(max, block.id + 1), 0)
  const words = ocr.words.filter((word) => !real.some((block) => covers(block, word.bbox)))
  return {
    ...layout,
    blocks: [...kept, ...ocrBlocks(words, firstId)],
    ocr: summary({ ...ocr, words })
  }
}

/** Half a line's height around a kept block: OCR's box of a word is tighter than the font's. */
function covers(block: Block, box: BBox): boolean {
  const [x0, y0, x1, y1] = block.bbox
  const cx = (box[0] + box[2]) / 2
  const cy = (box[1] + box[3]) / 2
  const margin = (box[3] - box[1]) / 2
  return cx >= x0 - margin && cx <= x1 + margin && cy >= y0 - margin && cy <= y1 + margin
}

function summary(ocr: PageOcr): OcrSummary {
  let weighted = 0
  let chars = 0
  for (const word of ocr.words) {
    const length = [...word.text].length
    weighted += word.confidence * length
    chars += length
  }
  return {
    backend: ocr.backend,
    dpi: ocr.dpi,
    scope: ocr.scope,
    words: ocr.words.length,
    meanConfidence: chars === 0 ? 0 : Math.round((weighted / chars) * 10) / 10,
    lowConfidenceWords: ocr.words.filter((word) => word.confidence < LOW_CONFIDENCE).length,
    ...(ocr.standIns ? { standIns: ocr.standIns } : {})
  }
}

/**
 * One block per OCR paragraph, one line per OCR line, one span per word; every word of a line
 * has the line's type size (glyph-size.ts), so headings stand out from the body as on a page of
 * text.
 */
function ocrBlocks(words: readonly PageWord[], firstId: number): Block[] {
  const paragraphs = groupBy(words, (word) => word.paragraph)
  return paragraphs.map((paragraph, index) => {
    const lines = groupBy(paragraph, (word) => word.line).map(ocrLine)
    return {
      id: firstId + index,
      bbox: boundsOf(lines.map((line) => line.bbox)),
      lines,
      source: 'ocr'
    }
  })
}

function ocrLine(words: readonly PageWord[]): Line {
  const size = Math.round(lineTypeSize(words.map(inked)) * 10) / 10
  const spans = words.map((word, i) => ({ ...wordSpan(word, words[i + 1]), size }))
  const dir = words[0]?.dir ?? [1, 0]
  return { bbox: boundsOf(spans.map((s) => s.bbox)), wmode: 0, dir, spans }
}

/**
 * A word as a span: its letters share the word's width evenly (OCR gives no letter edges), from
 * its right edge for Arabic and Hebrew and for a line upside down, as the glyphs of a text layer
 * stand; a space up to the next word on the line keeps the word break wherever text is joined,
 * unless the engine's text has none there or the two are Chinese or Japanese.
 * A line running up or down a page turned inside its image has no letter edges across the page:
 * its text is read as OCR gives it (line-text.ts), and each letter spans the word.
 */
/** A word's text and its inked height across its line (its width for a line running down). */
function inked(word: PageWord): { text: string; height: number } {
  const [x0, y0, x1, y1] = word.bbox
  const [dx] = word.dir ?? [1, 0]
  return { text: word.text, height: Math.abs(dx) > 0.5 ? y1 - y0 : x1 - x0 }
}

function wordSpan(word: PageWord, next: PageWord | undefined): Omit<Span, 'size'> {
  const [x0, y0, x1, y1] = word.bbox
  const letters = [...word.text]
  const [dx] = word.dir ?? [1, 0]
  const across = Math.abs(dx) > 0.5
  const leftwards = isRtlText(word.text) !== dx < 0
  const step = (x1 - x0) / letters.length
  const charX = letters.flatMap((_, i) => {
    if (!across) return [x0, x1]
    return leftwards ? [x1 - (i + 1) * step, x1 - i * step] : [x0 + i * step, x0 + (i + 1) * step]
  })
  let text = word.text
  if (next && next.spaceBefore !== false && !unspaced(word.text, next.text)) {
    text += ' '
    if (!across) charX.push(x0, x1)
    else if (leftwards) charX.push(Math.min(x0, next.bbox[2]), x0)
    else charX.push(x1, Math.max(x1, next.bbox[0]))
  } else if (next && across) {
    // Joined to the next word: its last letter reaches it, so no gap between the two boxes reads
    // as a word gap when the line's text is rebuilt from the letters' edges (line-text.ts).
    const last = charX.length - 2
    if (leftwards) charX[last] = Math.min(charX[last]!, next.bbox[2])
    else charX[last + 1] = Math.max(charX[last + 1]!, next.bbox[0])
  }
  const bbox: BBox = [x0, y0, x1, y1]
  return {
    text,
    bbox,
    font: 'OCR',
    bold: false,
    italic: false,
    mono: false,
    charX,
    confidence: word.confidence
  }
}

// Han, kana and the full-width punctuation of CJK text: Chinese and Japanese set no spaces
// between words, and Tesseract's words there are runs of characters it chose (Korean spaces its
// words, and Hangul is left out).
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff01-\uff60\u30fc]/u

/** Two OCR words of CJK text, which the page sets with no space between them. */
function unspaced(word: string, next: string): boolean {
  return CJK.test([...word].at(-1) ?? '') && CJK.test([...next][0] ?? '')
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return [...groups.values()]
}
