import { hasTextImages, textLineImages } from '../checks/text-images.js'
import type { DocumentStats } from '../checks/check.js'
import { analyzePage } from '../analysis/analyze-page.js'
import type { BBox, OcrLayerChoice, PageLayout } from '../shared/layout.js'
import type { PageAnalysis, Turn } from '../shared/page.js'
import { hasOcrLayer } from '../checks/invisible-text.js'
import { readingQuality } from '../checks/reading-quality.js'
import { withOcr } from './ocr-layout.js'
import { realBlocks } from './real-words.js'
import type { OcrThread } from './ocr-thread.js'
import { languageOfText } from '../language/text-language.js'

/** The cascade renders at 300 dpi: Tesseract's models are trained on type of that resolution. */
export const OCR_DPI = 300

export type OcrOptions = Readonly<{
  /** Null: each page is read in the language found for it (read-upright.ts). */
  languages: readonly string[] | null
  /**
   * A reviewer's request to read the whole page (again), turned clockwise by this many degrees
   * first: what the page's own text layer or an earlier OCR says of it does not matter then.
   */
  turn?: Turn
  /** Passwords given this run or session for an encrypted file (never stored). */
  passwords?: readonly string[]
}>

/**
 * What OCR reads on a page: all of it when the text layer is unusable (decision `ocr`), only the
 * pictures of text lines when the rest is real text (`text_images`), nothing otherwise. A page
 * MuPDF could not read cannot be rendered either; a page already OCR'd is not read again.
 */
export function ocrScope(
  layout: PageLayout,
  analysis: PageAnalysis,
  whole = false
): readonly BBox[] | null | undefined {
  if (layout.damage !== null) return undefined
  if (whole) return null
  if (layout.ocr || layout.ocrLayer) return undefined
  if (analysis.decision === 'ocr') return null
  if (analysis.flags.some((flag) => flag.code === 'text_images') && hasTextImages(layout)) {
    return textLineImages(layout).map((image) => image.bbox)
  }
  return undefined
}

/**
 * The text layer's words, for the language of the pictures of lines among them: a page read
 * whole has no text layer worth the name (decision ocr), so only a page read by regions has one.
 */
function layoutText(layout: PageLayout): string {
  return layout.blocks
    .flatMap((block) => block.lines.flatMap((line) => line.spans.map((span) => span.text)))
    .join(' ')
}

export type OcrOutcome = Readonly<{ layout: PageLayout; analysis: PageAnalysis }>

/**
 * Reads the page by OCR where its scope says so and analyses the result like any page: the
 * order, roles, text and checks all run on the OCR'd layout. A page read whole keeps the real
 * words of its text layer (a title over a scan) in place of OCR's reading of them, and a page
 * whose OCR layer read poorly keeps the better of that layer and the new reading. Null when the
 * page needs no OCR, and then the thread is not even asked for.
 */
export async function ocrPage(
  thread: () => OcrThread,
  file: string,
  page: OcrOutcome,
  stats: DocumentStats,
  options: OcrOptions
): Promise<OcrOutcome | null> {
  const regions = ocrScope(page.layout, page.analysis, options.turn !== undefined)
  if (regions === undefined) return null
  const ocr = await thread().recognize({
    file,
    pageNo: page.layout.page,
    regions,
    languages: options.languages,
    hint: regions === null ? null : languageOfText(layoutText(page.layout)),
    dpi: OCR_DPI,
    ...(options.turn === undefined ? {} : { turn: options.turn }),
    ...(options.passwords === undefined ? {} : { passwords: options.passwords })
  })
  const whole = regions === null && options.turn === undefined
  const layout = withOcr(page.layout, ocr, whole ? realBlocks(page.layout, page.analysis) : [])
  const read = { layout, analysis: analyzePage(layout, stats) }
  return whole && hasOcrLayer(page.layout) ? betterOfLayerAndOcr(page, read, stats) : read
}

/**
 * A page whose OCR layer was read again keeps the reading whose words read more as words, the
 * layer's on a tie; the layout says which and why (the ocr_layer flag).
 */
function betterOfLayerAndOcr(page: OcrOutcome, read: OcrOutcome, stats: DocumentStats): OcrOutcome {
  const layer = readingQuality(page.analysis.text)
  const ocr = readingQuality(read.analysis.text)
  if (!layer) return read
  const choice: OcrLayerChoice = {
    kept: ocr !== null && ocr.score > layer.score ? 'ocr' : 'layer',
    layerScore: rounded(layer.score),
    ocrScore: ocr === null ? 0 : rounded(ocr.score),
    language: (ocr ?? layer).language
  }
  const layout = { ...(choice.kept === 'ocr' ? read.layout : page.layout), ocrLayer: choice }
  return { layout, analysis: analyzePage(layout, stats) }
}

function rounded(score: number): number {
  return Math.round(score * 1000) / 1000
}
