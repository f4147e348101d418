import { readFile } from 'node:fs/promises'
import { ExtractError } from '../extract/errors.js'
import { closePdf, openPdf, type PdfFile } from '../extract/open.js'
import { tuneTieringForBatch } from '../jobs/batch-tiering.js'
import {
  analyzeDocument,
  type AnalyzedPage,
  type DocumentAnalysis
} from '../analysis/analyze-document.js'
import { streamDocument } from '../analysis/stream-document.js'
import { layersToRead } from '../verify/layer-lines.js'
import { layoutsToVerify, suspectFonts } from '../verify/suspect-fonts.js'
import { UsageError } from './command.js'
import { missingOcrModel } from './ocr-model.js'
import { PASSWORD_HINT } from './password-option.js'
import type { OcrChoice } from './ocr-options.js'
import { messageOf } from '../shared/error-message.js'

function readReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file'
  if (code === 'EISDIR') return 'is a directory, not a PDF'
  if (code === 'EACCES') return 'permission denied'
  return messageOf(error)
}

/**
 * What stops a `text` or `check` run before it reads the file, as its one line: an OCR model the
 * run would need and this machine lacks.
 */
export async function inputProblem(ocr: OcrChoice | null): Promise<string | null> {
  if (ocr === null) return null
  const missing = await missingOcrModel(ocr.languages, ocr.backend)
  return missing === null
    ? null
    : `recto: --ocr-lang ${(ocr.languages ?? []).join('+')}: ${missing}\n`
}

/**
 * Reads and opens one PDF for `recto text` / `recto check` and hands it to `use`. A file Recto
 * cannot read gets the one-line error `recto: <file>: <reason>` on stderr and null. The command
 * is a batch run of the engine in this thread, tuned as an ingest worker is (GeoTopo's 117 pages
 * through `recto text`: 2.7 → 2.1 s of CPU).
 */
async function readPdf<T>(
  path: string,
  pages: readonly number[] | undefined,
  password: string | undefined,
  use: (file: PdfFile) => T
): Promise<T | null> {
  tuneTieringForBatch()
  let bytes: Uint8Array
  try {
    bytes = await readFile(path)
  } catch (error) {
    process.stderr.write(`recto: ${path}: ${readReason(error)}\n`)
    return null
  }
  try {
    const file = openPdf(bytes, password)
    try {
      const missing = pages?.find((page) => page > file.pageCount)
      if (missing !== undefined) {
        throw new UsageError(`${path}: no page ${missing} (the document has ${file.pageCount})`)
      }
      return use(file)
    } finally {
      closePdf(file)
    }
  } catch (error) {
    if (!(error instanceof ExtractError)) throw error
    const hint = password === undefined && error.reason.startsWith('encrypted') ? PASSWORD_HINT : ''
    process.stderr.write(`recto: ${path}: ${error.reason}${hint}\n`)
    return null
  }
}

/** One PDF read, extracted and analysed whole (readPdf). */
export function analyzePdfFile(
  path: string,
  pages?: readonly number[],
  password?: string
): Promise<DocumentAnalysis | null> {
  return readPdf(path, pages, password, (file) => analyzeDocument(file, pages))
}

/**
 * One PDF read as `analyzePdfFile` reads it, each page handed to `onPage` as soon as it is
 * analysed (analysis/stream-document.ts), in page order, until `onPage` says to stop; the
 * analysis of the pages handed over at the end.
 */
export function streamPdfFile(
  path: string,
  pages: readonly number[] | undefined,
  password: string | undefined,
  onPage: (page: AnalyzedPage) => 'go on' | 'stop'
): Promise<DocumentAnalysis | null> {
  return readPdf(path, pages, password, (file) => {
    const stream = streamDocument(file, pages)
    const done: AnalyzedPage[] = []
    for (const page of stream.pages) {
      done.push(page)
      if (onPage(page) === 'stop') break
    }
    return { stats: stream.stats, pages: done, digests: stream.digests }
  })
}

/**
 * Verification is the cascade's last word even without OCR of pages: the fonts a cheap signal
 * doubts are read back against their glyphs. Most files have none, and load no recogniser.
 */
export async function verified(
  file: string,
  analysis: DocumentAnalysis,
  password: string | undefined
): Promise<DocumentAnalysis> {
  const layouts = layoutsToVerify(analysis.pages)
  if (suspectFonts(layouts).size === 0 && layersToRead(analysis.pages).length === 0) return analysis
  const { verifyGlyphShapes } = await import('../verify/glyph-shapes.js')
  try {
    const options = password === undefined ? {} : { password }
    return (await verifyGlyphShapes(() => readFile(file), analysis, options)).analysis
  } catch (error) {
    process.stderr.write(`recto: ${file}: glyph verification failed (${messageOf(error)})\n`)
    return analysis
  }
}

/**
 * `text` and `check`: the file read through the cascade the options ask for (font repair, then
 * OCR, in ocr-analysis.ts, loaded only with --ocr). Null once the reason is on stderr: a file
 * Recto cannot read, or an OCR model this machine lacks.
 */
export async function readThroughCascade(
  file: string,
  pages: readonly number[] | undefined,
  choice: OcrChoice | null,
  password?: string
): Promise<DocumentAnalysis | null> {
  const problem = await inputProblem(choice)
  if (problem !== null) {
    process.stderr.write(problem)
    return null
  }
  const analysis = await analyzePdfFile(file, pages, password)
  if (!analysis) return null
  if (!choice) return verified(file, analysis, password)
  const { ocrAnalysis } = await import('./ocr-analysis.js')
  return ocrAnalysis(file, analysis, choice, password)
}
