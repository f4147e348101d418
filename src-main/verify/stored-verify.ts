import type { AnalyzedPage } from '../analysis/analyze-document.js'
import { documentStats } from '../analysis/document-stats.js'
import { pageDigest } from '../analysis/page-digest.js'
import type { LineRecognizer } from '../repair/recognizer.js'
import { messageOf } from '../shared/error-message.js'
import { CORRECTED_WORDS } from '../checks/ocr-layer.js'
import type { PageLayout } from '../shared/layout.js'
import type { WritableDB } from '../store/db.js'
import { documentDigests } from '../store/extracted-pages.js'
import { extractedPage, getPage, readLayout, savePage, storedPageNumbers } from '../store/pages.js'
import type { RecognizerFor } from './glyph-shapes.js'
import type { ReadBackPlan } from './read-back-plan.js'
import { layersToRead } from './layer-lines.js'
import { fontsDrawn, layoutsToVerify, suspectFonts } from './suspect-fonts.js'

/** What verification did over a project's documents. */
export type StoredVerification = Readonly<{
  /** Documents whose fonts were read back, and how many fonts and lines that took. */
  documents: number
  fonts: number
  lines: number
  /** Pages that now carry a glyph_mismatch flag, or an ocr_layer flag for a layer its image contradicts. */
  flagged: readonly Readonly<{ documentId: number; page: number }>[]
  failed: readonly Readonly<{ documentId: number; reason: string }>[]
}>

/**
 * One recogniser per language for a whole run, however many documents it verifies: starting
 * tesseract.js and loading its model costs about a second, more than the lines it reads for most
 * documents. `close` ends them all.
 */
export function sharedRecognizers(): Readonly<{
  recognizerFor: RecognizerFor
  /**
   * Starts a language's recogniser now, as soon as a document is known to have lines for it, so
   * its start overlaps what comes before its first line; a failed start fails that line's read.
   */
  start(language: string): void
  close(): Promise<void>
}> {
  const started = new Map<string, LineRecognizer>()
  const shared = (language: string): LineRecognizer => {
    let recognizer = started.get(language)
    if (!recognizer) {
      recognizer = startedLater(language)
      started.set(language, recognizer)
    }
    return recognizer
  }
  return {
    start: (language) =>
      void shared(language)
        .start?.()
        .catch(() => undefined),
    recognizerFor: (language) => {
      const recognizer = shared(language)
      // Each document's verification closes what it was given: the run's stay open.
      return { readLine: (png, dpi) => recognizer.readLine(png, dpi), close: async () => undefined }
    },
    close: async () => {
      for (const recognizer of started.values()) await recognizer.close()
      started.clear()
    }
  }
}

/**
 * tesseract.js's recogniser, loaded with its module when a document first has a font to read:
 * an ingest whose documents give no cause never loads it (nor MuPDF on its main thread, which
 * the reading of glyphs needs: 0.2 s of every ingest's start).
 */
function startedLater(language: string): LineRecognizer {
  const recognizer = import('./shape-reader.js').then((m) => m.shapeReader(language))
  return {
    readLine: async (png, dpi) => (await recognizer).readLine(png, dpi),
    start: async () => (await recognizer).start?.(),
    // One that never started (no model for the language) has nothing to end; its reads failed.
    close: async () => (await recognizer.catch(() => null))?.close()
  }
}

function layerDisagrees(layout: PageLayout): boolean {
  return (layout.layerReading?.corrections.length ?? 0) >= CORRECTED_WORDS
}

type StoredVerifyOptions = Readonly<{
  language: string
  passwords?: readonly string[]
  recognizerFor: RecognizerFor
  /** What the document's ingest worker prepared: its fonts' programs and lines' crops. */
  plan?: ReadBackPlan
}>

/**
 * Reads back a stored document's fonts a cheap signal doubts, and its pages' invisible OCR layers
 * where they give doubtful words (verify/glyph-shapes.ts), and stores
 * what that finds. A page whose fonts were read keeps the finding in its layout (`glyphShapes`,
 * empty when every map agreed), so any later analysis of the page keeps its glyph_mismatch flag
 * and no later run reads the same fonts again; a repair that changes the document's maps stores
 * new layouts without it, and their fonts are read anew. Returns the lines read and the pages
 * flagged; a document with nothing to verify costs decoding its layouts and reads no bytes.
 */
export async function verifyStoredDocument(
  db: WritableDB,
  documentId: number,
  options: StoredVerifyOptions
): Promise<Readonly<{ fonts: number; lines: number; flagged: readonly number[] }>> {
  const pages: AnalyzedPage[] = []
  const rawTexts: string[] = []
  for (const number of storedPageNumbers(db, documentId)) {
    const layout = readLayout(db, documentId, number)
    const stored = getPage(db, documentId, number)
    if (!layout || !stored) continue
    pages.push({ layout, analysis: stored.analysis })
    rawTexts.push(stored.rawText)
  }
  const layouts = layoutsToVerify(pages)
  const suspects = suspectFonts(layouts)
  const unread = pages.some(
    (page) =>
      page.layout.glyphShapes === undefined &&
      [...fontsDrawn(page.layout)].some((font) => suspects.has(font))
  )
  if (!unread && layersToRead(pages).length === 0) return { fonts: 0, lines: 0, flagged: [] }
  const digests = documentDigests(db, documentId)
  const { verifyGlyphShapes } = await import('./glyph-shapes.js')
  const verified = await verifyGlyphShapes(
    async () => (await import('../repair/stored-repair.js')).documentBytes(db, documentId),
    { stats: documentStats(digests), pages, digests },
    {
      language: options.language,
      recognizer: options.recognizerFor,
      ...(options.plan === undefined ? {} : { plan: options.plan }),
      ...(options.passwords === undefined ? {} : { password: options.passwords })
    }
  )
  const flagged: number[] = []
  verified.analysis.pages.forEach((page, index) => {
    const drawn = fontsDrawn(page.layout)
    const fontsRead = [...verified.read].some((font) => drawn.has(font))
    if (!fontsRead && !verified.layers.has(page.layout.page)) return
    const found = page.layout.glyphShapes ?? []
    if (found.length > 0 || layerDisagrees(page.layout)) flagged.push(page.layout.page)
    const layout: PageLayout = fontsRead ? { ...page.layout, glyphShapes: found } : page.layout
    savePage(db, documentId, {
      ...extractedPage(layout, rawTexts[index] ?? '', pageDigest(layout)),
      analysis: page.analysis
    })
  })
  return { fonts: verified.fonts, lines: verified.lines, flagged }
}

/**
 * Verification over a project's documents (those an ingest read, or a repair read again), one
 * after the other with one recogniser per language; a document that fails (its file gone, a
 * password not given) keeps its pages as they were and is named with its reason.
 */
export async function verifyStoredDocuments(
  db: WritableDB,
  documentIds: readonly number[],
  options: Readonly<{ language: string; passwords?: readonly string[]; signal?: AbortSignal }>
): Promise<StoredVerification> {
  const recognizers = sharedRecognizers()
  let documents = 0
  let fonts = 0
  let lines = 0
  const flagged: { documentId: number; page: number }[] = []
  const failed: { documentId: number; reason: string }[] = []
  try {
    for (const documentId of documentIds) {
      if (options.signal?.aborted) break
      try {
        const result = await verifyStoredDocument(db, documentId, {
          language: options.language,
          recognizerFor: recognizers.recognizerFor,
          ...(options.passwords === undefined ? {} : { passwords: options.passwords })
        })
        if (result.fonts > 0) documents++
        fonts += result.fonts
        lines += result.lines
        for (const page of result.flagged) flagged.push({ documentId, page })
      } catch (error) {
        failed.push({ documentId, reason: messageOf(error) })
      }
    }
  } finally {
    await recognizers.close()
  }
  return { documents, fonts, lines, flagged, failed }
}
