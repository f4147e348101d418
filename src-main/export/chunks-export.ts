import { documentBodySize, sizeHistogram } from '../layout/headings.js'
import type { ReadableDB } from '../store/db.js'
import type { ExportPageRef } from '../store/export-queries.js'
import { getPage, readLayout } from '../store/pages.js'
import type { WriteOutcome } from './atomic-write.js'
import { writeFileAtomically } from './atomic-file.js'
import type { ChunkRecord } from './chunk-record.js'
import { chunkRecord } from './chunk-records.js'
import { pageUnits } from './chunk-units.js'
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
  /** The size target in characters (DEFAULT_CHUNK_SIZE). */
  size?: number
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
  const size = options.size ?? DEFAULT_CHUNK_SIZE
  for await (const refs of walkDocuments(db, null)) {
    const documentId = refs[0]!.documentId
    const body = projectBodySize(db, refs)
    const drafts: DraftChunk[] = []
    const chunker = new Chunker(size, (draft) => drafts.push(draft))
    for (const ref of refs) {
      const view = loadPageView(db, documentId, ref.page)
      const { document } = view
      const decision = getPage(db, documentId, ref.page)!.analysis.decision
      for (const unit of pageUnits(view, decision, body)) chunker.add(unit)
      if (ref === refs.at(-1)) chunker.finish()
      for (const draft of drafts.splice(0)) yield chunkRecord(document, draft)
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
  const outcome = await writeFileAtomically(file, async (write) => {
    for await (const record of projectChunks(db, options)) {
      documents.add(record.sha256)
      chunks++
      await write(JSON.stringify(record) + '\n')
    }
  })
  return { file, documents: documents.size, chunks, outcome }
}
