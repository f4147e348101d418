import { closePdf, openPdf } from '../extract/open.js'
import type { BackendName } from '../ocr/backend-names.js'
import { ocrPage } from '../ocr/cascade.js'
import { lazyThread } from '../ocr/lazy-thread.js'
import { statsAfterOcr } from '../ocr/stats-after-ocr.js'
import { lineRecognizer } from '../repair/line-backend.js'
import type { LearnedMap } from '../repair/learn.js'
import { repairDocument } from '../repair/repair-document.js'
import type { Flag } from '../shared/flags.js'
import {
  analyzeDocument,
  type AnalyzedPage,
  type DocumentAnalysis
} from '../analysis/analyze-document.js'
import { messageOf } from '../shared/error-message.js'
import { verifyGlyphShapes } from '../verify/glyph-shapes.js'

/**
 * The cascade of one document read in memory (`recto text|check --ocr`), stage by stage:
 *
 * 1. text layer → checks: `analyzeDocument`, which every command runs first (its result is the
 *    `textLayer` given here);
 * 2. font repair: every font program whose map is missing or broken (no /ToUnicode, holes,
 *    letters that are not language; simple, CID and Type3 fonts) gets a map learned from OCR of
 *    its own rendered glyphs, and the document is extracted again with it → checks again. Each
 *    glyph keeps its box;
 * 3. OCR of only the pages or regions still unusable after the repair (ocr/cascade.ts decides
 *    what), read upright and in the page's language;
 * 4. the OCR'd layout goes through the same layout stage as a text page (order, roles, running
 *    heads) → checks (`ocrPage` ends in `analyzePage`).
 *
 * Verification (verify/) runs on the repaired text, before OCR: a font whose map its glyphs
 * contradict (a repair that learned a code wrong among them) makes its pages `ocr` when it
 * carries their text, so OCR reads them next, and `review` when it draws less of them.
 *
 * Each stage is skipped where the one before sufficed: a document no font of which needs repair
 * loads no recogniser, and a page the repair made readable is not OCR'd. The project's cascade
 * (ingest, the app) is the same chain over stored pages: stored-cascade.ts.
 */
export type CascadeChoice = Readonly<{
  /** Null: the default backend, looked up only when a page needs OCR. */
  backend: BackendName | null
  /** Null: each page in the language OCR finds for it. */
  languages: readonly string[] | null
  /** Passwords given this run or session for encrypted files, for OCR to open them with. */
  passwords?: readonly string[]
}>

export type CascadeReport = Readonly<{
  /** A font program repaired, as soon as its map is learned. */
  onRepaired?: (learned: LearnedMap) => void
  /** A stage that failed for the document or for one page, which then keeps what it had. */
  onFailure?: (
    page: number | null,
    stage: 'font repair' | 'glyph verification' | 'OCR',
    reason: string
  ) => void
}>

export type CascadeSource = Readonly<{ path: string; bytes: Uint8Array; password?: string }>

/**
 * The language font repair reads glyph lines in: the first asked for, else English. A font's
 * glyphs carry no language, and a wrong guess costs little: a map whose letters are not language
 * leaves its pages flagged, and OCR reads them next.
 */
export function repairLanguage(choice: CascadeChoice): string {
  return choice.languages?.[0] ?? 'eng'
}

/** A flag saying the page's text cannot be trusted because of a font's map to Unicode. */
function blamesFontMap(flag: Flag): boolean {
  return (
    (flag.code === 'unmapped_glyphs' || flag.code === 'garbled_text') && flag.severity !== 'info'
  )
}

/** Stage 2: the document with its broken fonts' maps repaired, analysed again; as it was when none needed it. */
async function repairStage(
  source: CascadeSource,
  textLayer: DocumentAnalysis,
  choice: CascadeChoice,
  report: CascadeReport
): Promise<DocumentAnalysis> {
  const layouts = textLayer.pages.map((page) => page.layout)
  // Only fonts on pages the checks distrust for their map are learned, as the project's cascade
  // does (documentsToRepair): a symbol font's stray U+FFFD on a page that reads fine (a check box,
  // a big bracket) is not worth an OCR guess.
  const distrusted = textLayer.pages
    .filter((page) => page.analysis.flags.some(blamesFontMap))
    .map((page) => page.layout)
  if (distrusted.length === 0) return textLayer
  // Started on the first line to read: most documents have no font to repair.
  let recognizer: ReturnType<typeof lineRecognizer> | undefined
  try {
    const repair = await repairDocument(source.bytes, distrusted, {
      readLine: (png, dpi) =>
        (recognizer ??= lineRecognizer(repairLanguage(choice))).readLine(png, dpi),
      close: async () => undefined
    })
    if (repair.learned.length === 0) return textLayer
    for (const learned of repair.learned) report.onRepaired?.(learned)
    const file = openPdf(repair.bytes, source.password)
    try {
      return analyzeDocument(
        file,
        layouts.map((layout) => layout.page)
      )
    } finally {
      closePdf(file)
    }
  } catch (error) {
    report.onFailure?.(null, 'font repair', messageOf(error))
    return textLayer
  } finally {
    await recognizer?.close()
  }
}

/** Fonts whose maps a cheap signal doubts, read back against their glyphs (verify/glyph-shapes.ts). */
export async function verifyStage(
  source: CascadeSource,
  analysis: DocumentAnalysis,
  language: string,
  report: CascadeReport
): Promise<DocumentAnalysis> {
  try {
    const verified = await verifyGlyphShapes(source.bytes, analysis, {
      language,
      ...(source.password === undefined ? {} : { password: source.password })
    })
    return verified.analysis
  } catch (error) {
    report.onFailure?.(null, 'glyph verification', messageOf(error))
    return analysis
  }
}

/**
 * Stages 3 and 4: each page still unusable read by OCR and analysed like any page, then the OCR'd
 * pages again with the document's statistics over what OCR read (type sizes, running text).
 */
async function ocrStage(
  source: CascadeSource,
  repaired: DocumentAnalysis,
  choice: CascadeChoice,
  report: CascadeReport
): Promise<DocumentAnalysis> {
  const thread = lazyThread(choice.backend)
  try {
    const pages: AnalyzedPage[] = []
    const ocrd = new Set<number>()
    for (const page of repaired.pages) {
      try {
        const read = await ocrPage(thread.get, source.path, page, repaired.stats, {
          ...choice,
          passwords: source.password === undefined ? [] : [source.password]
        })
        if (read) ocrd.add(page.layout.page)
        pages.push(read ?? page)
      } catch (error) {
        report.onFailure?.(page.layout.page, 'OCR', messageOf(error))
        pages.push(page)
      }
    }
    return statsAfterOcr(repaired, pages, ocrd)
  } finally {
    await thread.close()
  }
}

/** Stages 2 to 4 of the cascade on a document whose text layer was read and checked (stage 1). */
export async function cascadeDocument(
  source: CascadeSource,
  textLayer: DocumentAnalysis,
  choice: CascadeChoice,
  report: CascadeReport = {}
): Promise<DocumentAnalysis> {
  const repaired = await repairStage(source, textLayer, choice, report)
  const verified = await verifyStage(source, repaired, repairLanguage(choice), report)
  return ocrStage(source, verified, choice, report)
}
