import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { ExtractError } from '../extract/errors.js'
import { mupdf } from '../extract/mupdf.js'
import { closePdf, openPdf } from '../extract/open.js'
import { rawText } from '../extract/raw-text.js'
import { fileErrorReason } from '../extract/input-files.js'
import { analyzeDocument } from '../analysis/analyze-document.js'
import { pageDigest } from '../analysis/page-digest.js'
import type { MapSource } from '../shared/font-map.js'
import type { WritableDB, ReadableDB } from '../store/db.js'
import { getDocument } from '../store/documents.js'
import { storedPdfBytes } from '../store/pdf-files.js'
import {
  documentsWithoutPrograms,
  fontCodes,
  listFontPrograms,
  programDocuments,
  saveDocumentPrograms,
  saveFontCodes,
  saveFontProgram
} from '../store/font-maps.js'
import { extractedPage, readLayout, savePage, storedPageNumbers } from '../store/pages.js'
import { latestRevision } from '../store/revisions.js'
import { readTextLayer } from '../store/text-layers.js'
import { applyFontMaps, type FontMap } from './apply.js'
import { fontDicts } from './font-programs.js'
import { glyphRuns, type GlyphRun } from './glyph-runs.js'
import { learnFontMaps, type LearnProgress } from './learn.js'
import type { LineRecognizer } from './recognizer.js'
import { repairTargets } from './repair-document.js'
import { reviewReadings, type CorrectedBlock } from './review-evidence.js'

/** A code is kept in the applied map when at least this share of its readings agree. */
const MIN_AGREEMENT = 0.5

/**
 * The bytes of a stored document: the project's copy when it keeps one (queued for workers), else
 * its file checked against its hash; a one-line reason when they are gone.
 */
export async function documentBytes(db: ReadableDB, documentId: number): Promise<Uint8Array> {
  const doc = getDocument(db, documentId)
  if (!doc) throw new ExtractError(`document ${documentId} does not exist`)
  const stored = storedPdfBytes(db, doc.sha256)
  if (stored !== null) return stored
  let bytes: Uint8Array
  try {
    bytes = await readFile(doc.path)
  } catch (error) {
    throw new ExtractError(`${doc.path}: ${fileErrorReason(error)}`)
  }
  if (createHash('sha256').update(bytes).digest('hex') !== doc.sha256) {
    throw new ExtractError(`${doc.path}: the file changed since it was ingested`)
  }
  return bytes
}

/** The map a program's stored codes make, and the source the page should name. */
export function storedFontMap(db: ReadableDB, program: string): FontMap | null {
  const codes = fontCodes(db, program).filter(
    (c) => c.source !== 'ocr' || c.votes >= MIN_AGREEMENT * c.seen
  )
  if (codes.length === 0) return null
  const sources = new Set<MapSource>(codes.map((c) => c.source))
  const source: MapSource = sources.has('edited')
    ? 'edited'
    : sources.has('reviewer')
      ? 'reviewer'
      : 'ocr'
  return { program, source, map: new Map(codes.map((c) => [c.code, c.text])) }
}

function programsOf(bytes: Uint8Array): Set<string> {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    return new Set(pdf ? fontDicts(pdf).map((dict) => dict.program.id) : [])
  } finally {
    doc.destroy()
  }
}

/**
 * Extracts and analyses a stored document again with the maps of the programs it embeds, and
 * replaces its pages' layouts and analyses; review status and revisions stay. A page OCR read
 * keeps its OCR layout, which is what its review and the exports show: the repaired text layer
 * would silently take its place.
 */
export async function reanalyzeDocument(db: WritableDB, documentId: number): Promise<void> {
  const bytes = await documentBytes(db, documentId)
  const maps = [...programsOf(bytes)]
    .map((program) => storedFontMap(db, program))
    .filter((map): map is FontMap => map !== null)
  const file = openPdf(applyFontMaps(bytes, maps))
  try {
    const analysis = analyzeDocument(file)
    for (const { layout, analysis: page } of analysis.pages) {
      if (readTextLayer(db, documentId, layout.page)) continue
      savePage(db, documentId, {
        ...extractedPage(layout, rawText(layout), pageDigest(layout)),
        analysis: page
      })
    }
  } finally {
    closePdf(file)
  }
}

/**
 * Lists the programs of every document not read for them yet (a program is the hash of its font
 * file, so the same font in another document is found without extracting its pages). A file
 * that is gone or changed is skipped: its document keeps its stored text.
 */
async function listDocumentPrograms(db: WritableDB): Promise<void> {
  for (const documentId of documentsWithoutPrograms(db)) {
    let bytes: Uint8Array
    try {
      bytes = await documentBytes(db, documentId)
    } catch {
      continue
    }
    saveDocumentPrograms(db, documentId, programsOf(bytes))
  }
}

export type StoredRepair = Readonly<{
  /** Programs repaired, by id: learned now, or already known from another document. */
  programs: readonly string[]
  /** Documents extracted and analysed again with the maps. */
  documents: readonly number[]
}>

/**
 * Repairs the fonts of a stored document that need it: a program already mapped (from another
 * document, or edited by a reviewer) keeps its map; the others are learned from OCR of this
 * document's glyphs and stored. Every document embedding one of those programs is then
 * extracted and analysed again.
 */
export async function repairStoredDocument(
  db: WritableDB,
  documentId: number,
  recognizer: LineRecognizer,
  progress: LearnProgress = {}
): Promise<StoredRepair> {
  const bytes = await documentBytes(db, documentId)
  const layouts = storedPageNumbers(db, documentId).flatMap((page) => {
    const layout = readLayout(db, documentId, page)
    return layout ? [layout] : []
  })
  const { programs, fill } = repairTargets(bytes, layouts)
  if (programs.size === 0) return { programs: [], documents: [] }
  const unknown = new Set([...programs].filter((program) => storedFontMap(db, program) === null))
  for (const learned of await learnFontMaps(bytes, unknown, recognizer, progress, fill)) {
    db.transaction(() => {
      saveFontProgram(db, {
        id: learned.program.id,
        name: learned.program.name,
        codeWidth: learned.program.width,
        linesRead: learned.runs
      })
      saveFontCodes(
        db,
        learned.program.id,
        learned.readings.map((r) => ({
          ...r,
          source: 'ocr' as const,
          glyph: learned.glyphs.get(r.code) ?? null
        }))
      )
    })()
  }
  const repaired = [...programs].filter((program) => storedFontMap(db, program) !== null)
  saveDocumentPrograms(db, documentId, programsOf(bytes))
  await listDocumentPrograms(db)
  const documents = new Set(repaired.flatMap((program) => programDocuments(db, program)))
  for (const id of documents) await reanalyzeDocument(db, id)
  return { programs: repaired, documents: [...documents] }
}

/** A reviewer's text for one code of a program: stored as edited, and every document using it analysed again. */
export async function editFontCode(
  db: WritableDB,
  program: string,
  code: number,
  text: string
): Promise<readonly number[]> {
  saveFontCodes(db, program, [{ code, text, source: 'edited', votes: 0, seen: 0 }])
  const documents = programDocuments(db, program)
  for (const id of documents) await reanalyzeDocument(db, id)
  return documents
}

/** The blocks of a document's pages whose text the latest revision corrected. */
function correctedBlocks(db: ReadableDB, documentId: number): CorrectedBlock[] {
  const blocks: CorrectedBlock[] = []
  for (const page of storedPageNumbers(db, documentId)) {
    const edited = Object.entries(latestRevision(db, documentId, page)?.state.blockText ?? {})
    if (edited.length === 0) continue
    const layout = readLayout(db, documentId, page)
    for (const [id, text] of edited) {
      const block = layout?.blocks[Number(id)]
      if (block) blocks.push({ page, bbox: block.bbox, text })
    }
  }
  return blocks
}

export type ReviewLearning = Readonly<{ codes: number; documents: readonly number[] }>

/**
 * Feeds a reviewer's corrected words into the maps of the document's repaired programs: a code
 * whose corrected reading differs from its map takes it (source `reviewer`; a code set by hand
 * stays), and every document using a changed program is extracted and analysed again.
 */
export async function learnFromReview(db: WritableDB, documentId: number): Promise<ReviewLearning> {
  const blocks = correctedBlocks(db, documentId)
  const programs = new Set(listFontPrograms(db, documentId).map((p) => p.id))
  if (blocks.length === 0 || programs.size === 0) return { codes: 0, documents: [] }
  const bytes = await documentBytes(db, documentId)
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  let runs: GlyphRun[]
  try {
    const pdf = doc.asPDF()
    runs = pdf ? glyphRuns(bytes, programs, fontDicts(pdf)) : []
  } finally {
    doc.destroy()
  }
  const pages = new Set(blocks.map((b) => b.page))
  runs = runs.filter((run) => pages.has(run.page))
  let changed = 0
  const changedPrograms: string[] = []
  for (const program of programs) {
    const stored = new Map(fontCodes(db, program).map((c) => [c.code, c]))
    const known = new Map([...stored].map(([code, c]) => [code, c.text]))
    const readings = reviewReadings(
      runs.filter((run) => run.program === program),
      blocks,
      known
    ).filter((r) => stored.get(r.code)?.source !== 'edited' && known.get(r.code) !== r.text)
    if (readings.length === 0) continue
    saveFontCodes(
      db,
      program,
      readings.map((r) => ({ ...r, source: 'reviewer' as const }))
    )
    changed += readings.length
    changedPrograms.push(program)
  }
  const documents = new Set(changedPrograms.flatMap((program) => programDocuments(db, program)))
  for (const id of documents) await reanalyzeDocument(db, id)
  return { codes: changed, documents: [...documents] }
}
