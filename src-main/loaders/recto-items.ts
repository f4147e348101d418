import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { projectBodySize, projectChunks } from '../export/chunks-export.js'
import { jsonlRecord } from '../export/jsonl-export.js'
import { documentHeadingRanks } from '../export/heading-ranks.js'
import { pageMarkdown } from '../export/markdown-export.js'
import { walkDocuments } from '../export/page-walk.js'
import { loadPageView } from '../export/page-view.js'
import { withScratchProject } from '../export/scratch-project.js'
import type { ReadableDB } from '../store/db.js'
import { findDocumentBySha256 } from '../store/documents.js'
import { resolve } from 'node:path'
import { DEFAULT_ENCODING, type EncodingName } from '../export/chunk-encodings.js'
import { characterMeasure, tokenMeasure } from '../export/chunk-measure.js'
import { DEFAULT_CHUNK_SIZE } from '../export/chunker.js'
import { flatChunkMetadata, flatten } from './flat-metadata.js'
import { openDatabaseReadOnly } from '../store/open.js'

/**
 * What a framework document is made of: `chunks` (recto export --chunks, one per chunk),
 * `elements` (one per block of text a page keeps, with its box and role) or `markdown` (one per
 * PDF, its pages as Markdown).
 */
export const LOADER_MODES = ['elements', 'chunks', 'markdown'] as const
export type LoaderMode = (typeof LOADER_MODES)[number]

export type LoaderOptions = Readonly<{
  mode?: LoaderMode
  /** Size target of `chunks`, in characters (2000 by default). */
  chunkSize?: number
  /** Instead: no chunk longer than this many tokens of `tokenizer` (`cl100k_base` by default). */
  maxTokens?: number
  tokenizer?: EncodingName
  /** The last sentences of a chunk cut for size repeated at the next one's start (same unit). */
  overlap?: number
  /**
   * `flat` (default): strings, numbers and booleans only, as Chroma and Pinecone require
   * (flat-metadata.ts), `source` the PDF's full path; `record`: the chunk record as
   * `recto export --chunks` writes it (pages as a list of objects), `source` its file name.
   */
  metadata?: 'flat' | 'record'
  /** Extraction threads when reading PDFs (one per core by default); the output is the same. */
  workers?: number
  /**
   * A PDF that cannot be read: by default the load fails naming it; given this, the file is
   * reported here and the others are loaded.
   */
  onError?: (path: string, reason: string) => void
}>

/** A framework-neutral document: what both loaders wrap in their own class. */
export type RectoItem = Readonly<{ id: string; text: string; metadata: Record<string, unknown> }>

const SQLITE_HEADER = 'SQLite format 3\0'

/** A review project is an SQLite file; anything else is taken as PDFs or folders of them. */
async function isProject(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'r')
    try {
      const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0)
      return bytesRead === 16 && buffer.toString('latin1') === SQLITE_HEADER
    } catch {
      return false
    } finally {
      await file.close()
    }
  } catch {
    return false
  }
}

/** The full path of each document the project holds, by its hash. */
function pathOf(db: ReadableDB): (sha256: string) => string {
  const known = new Map<string, string>()
  return (sha256) => {
    let path = known.get(sha256)
    if (path === undefined) {
      path = resolve(findDocumentBySha256(db, sha256)?.path ?? '')
      known.set(sha256, path)
    }
    return path
  }
}

async function* chunkItems(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const measure =
    options.maxTokens === undefined
      ? characterMeasure(options.chunkSize ?? DEFAULT_CHUNK_SIZE)
      : await tokenMeasure(options.tokenizer ?? DEFAULT_ENCODING, options.maxTokens)
  const flat = (options.metadata ?? 'flat') === 'flat'
  const path = pathOf(db)
  const chunks = projectChunks(db, {
    measure,
    ...(options.overlap === undefined ? {} : { overlap: options.overlap })
  })
  for await (const { id, text, ...record } of chunks) {
    const metadata = flat
      ? flatChunkMetadata({ id, ...record }, path(record.sha256))
      : { id, ...record }
    yield { id, text, metadata }
  }
}

async function* elementItems(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const flat = (options.metadata ?? 'flat') === 'flat'
  const path = pathOf(db)
  for await (const refs of walkDocuments(db, null)) {
    for (const ref of refs) {
      const view = loadPageView(db, ref.documentId, ref.page)
      const record = jsonlRecord(view, '')
      for (const block of record.blocks) {
        if (block.excluded || block.text.trim() === '') continue
        const id = createHash('sha256')
          .update(`${record.sha256}\n${record.page}\n${block.id}\n${block.text}`)
          .digest('hex')
          .slice(0, 32)
        const metadata = {
          id,
          source: flat ? path(record.sha256) : record.source,
          ...(flat && { file_name: record.source }),
          sha256: record.sha256,
          page: record.page,
          block: block.id,
          bbox: block.bbox,
          role: block.role,
          status: record.status,
          revision: record.revision,
          flags: record.flags.map((f) => f.code)
        }
        yield { id, text: block.text, metadata: flat ? flatten(metadata) : metadata }
      }
    }
  }
}

async function* markdownItems(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const flat = (options.metadata ?? 'flat') === 'flat'
  const path = pathOf(db)
  for await (const refs of walkDocuments(db, null)) {
    const body = projectBodySize(db, refs)
    const views = refs.map((ref) => loadPageView(db, ref.documentId, ref.page))
    const { name, sha256 } = views[0]!.document
    const ranks = documentHeadingRanks(views, body)
    const text = views
      .map((view) => `<!-- page ${view.page} -->\n\n${pageMarkdown(view, body, ranks)}`.trimEnd())
      .join('\n\n')
    const source = flat ? { source: path(sha256), file_name: name } : { source: name }
    yield { id: sha256, text, metadata: { ...source, sha256, pages: views.length } }
  }
}

function itemsOf(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const mode = options.mode ?? 'chunks'
  if (mode === 'elements') return elementItems(db, options)
  if (mode === 'markdown') return markdownItems(db, options)
  return chunkItems(db, options)
}

async function collect(items: AsyncGenerator<RectoItem>): Promise<RectoItem[]> {
  const all: RectoItem[] = []
  for await (const item of items) all.push(item)
  return all
}

/**
 * The documents of a review project file, or of PDFs and folders read through a scratch
 * project (the same engine as `recto ingest`), in (document, position) order.
 */
export async function loadItems(
  paths: string | readonly string[],
  options: LoaderOptions = {}
): Promise<RectoItem[]> {
  const inputs = typeof paths === 'string' ? [paths] : paths
  const [first] = inputs
  if (inputs.length === 1 && first !== undefined && (await isProject(first))) {
    const db = openDatabaseReadOnly(first)
    try {
      return await collect(itemsOf(db, options))
    } finally {
      db.close()
    }
  }
  const failures: string[] = []
  const items = await withScratchProject(
    inputs,
    {
      ...(options.workers === undefined ? {} : { workers: options.workers }),
      onError: (path, reason) => {
        if (options.onError) options.onError(path, reason)
        else failures.push(`recto: ${path}: ${reason}`)
      }
    },
    async (db) => collect(itemsOf(db, options))
  )
  if (failures.length > 0) throw new Error(failures.join('\n'))
  return items
}
