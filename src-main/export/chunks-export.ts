import { documentBodySize, sizeHistogram } from '../layout/headings.js'
import type { ReadableDB } from '../store/db.js'
import type { ExportPageRef } from '../store/export-queries.js'
import { getPage, readLayout } from '../store/pages.js'
import type { WriteOutcome } from './atomic-write.js'
import { writeFileAtomically } from './atomic-file.js'
import type { ChunkRecord } from './chunk-record.js'
import { characterMeasure, type ChunkMeasure } from './chunk-measure.js'
import { chunkRecord } from './chunk-records.js'
import { pageUnits } from './chunk-units.js'
import { mergeSmallPeers } from './chunk-merge.js'
import { Chunker, DEFAULT_CHUNK_SIZE, type DraftChunk } from './chunker.js'
import { walkDocuments } from './page-walk.js'
import { loadPageView } from './page-view.js'

export type ChunksReport = Readonly<{
  file: string
  documents: number
  chunks: number
  outcome: WriteOutcome
}>

export type ChunkOptions = Readonly<{
  /** The size target in characters (DEFAULT_CHUNK_SIZE), where no `measure` is given. */
  size?: number
  /** How chunks are measured and bounded (chunk-measure.ts): tokens of a named tokenizer. */
  measure?: ChunkMeasure
  /** The last sentences of a chunk cut for size repeated at the next one's start (in its unit). */
  overlap?: number
  /**
   * A document's pages that gave no text to any chunk (a scan not OCR'd, an empty page), told
   * once per document after its chunks, so that no page is left out in silence.
   */
  onTextless?: (
    document: Readonly<{ name: string; path: string; sha256: string }>,
    pages: number[]
  ) => void
}>

/** The body size of a document's pages (their most common font size), as headings use it. */
export function projectBodySize(db: ReadableDB, refs: readonly ExportPageRef[]): number {
  return documentBodySize(
    refs.flatMap((ref) => {
      const layout = readLayout(db, ref.documentId, ref.page)
      return layout ? [sizeHistogram(layout)] : []
    })
  )
}

/**
 * Every document's chunks, in (document, chunk) order, one document in memory at a time. Pages
 * follow their reviewed state wherever a revision exists (order, exclusions, edited blocks, page
 * text corrected as a whole).
 */
export async function* projectChunks(
  db: ReadableDB,
  options: ChunkOptions = {}
): AsyncGenerator<ChunkRecord> {
  const measure = options.measure ?? characterMeasure(options.size ?? DEFAULT_CHUNK_SIZE)
  for await (const refs of walkDocuments(db, null)) {
    const documentId = refs[0]!.documentId
    const body = projectBodySize(db, refs)
    const drafts: DraftChunk[] = []
    const chunker = new Chunker(measure, (draft) => drafts.push(draft), options.overlap ?? 0)
    const textless: number[] = []
    for (const ref of refs) {
      const view = loadPageView(db, documentId, ref.page)
      const { document } = view
      const decision = getPage(db, documentId, ref.page)!.analysis.decision
      const units = pageUnits(view, decision, body)
      if (!units.some((unit) => unit.text.trim() !== '')) textless.push(ref.page)
      for (const unit of units) chunker.add(unit)
      if (ref === refs.at(-1)) {
        chunker.finish()
        if (textless.length > 0) options.onTextless?.(document, textless)
        // Small chunks are merged with their peers once the document's are all known.
        for (const draft of mergeSmallPeers(drafts, measure, options.overlap ?? 0)) {
          yield chunkRecord(document, draft)
        }
      }
    }
  }
}

/** The project's chunks as JSON lines (chunk-record.ts), written atomically. */
export async function exportChunks(
  db: ReadableDB,
  file: string,
  options: ChunkOptions = {}
): Promise<ChunksReport> {
  const documents = new Set<string>()
  let chunks = 0
  // A document whose every page is without text still counts: it was read, and said so.
  const onTextless: ChunkOptions['onTextless'] = (document, pages) => {
    documents.add(document.sha256)
    options.onTextless?.(document, pages)
  }
  const outcome = await writeFileAtomically(file, async (write) => {
    for await (const record of projectChunks(db, { ...options, onTextless })) {
      documents.add(record.sha256)
      chunks++
      await write(JSON.stringify(record) + '\n')
    }
  })
  return { file, documents: documents.size, chunks, outcome }
}
