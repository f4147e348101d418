import { createHash } from 'node:crypto'
import { open } from 'node:fs/promises'
import { projectBodySize, projectChunks } from '../export/chunks-export.js'
import { jsonlRecord } from '../export/jsonl-export.js'
import { pageMarkdown } from '../export/markdown-export.js'
import { walkDocuments } from '../export/page-walk.js'
import { loadPageView } from '../export/page-view.js'
import { withScratchProject } from '../export/scratch-project.js'
import type { ReadableDB } from '../store/db.js'
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

async function* chunkItems(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const size = options.chunkSize === undefined ? {} : { size: options.chunkSize }
  for await (const { id, text, ...metadata } of projectChunks(db, size)) {
    yield { id, text, metadata: { id, ...metadata } }
  }
}

async function* elementItems(db: ReadableDB): AsyncGenerator<RectoItem> {
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
        yield {
          id,
          text: block.text,
          metadata: {
            id,
            source: record.source,
            sha256: record.sha256,
            page: record.page,
            block: block.id,
            bbox: block.bbox,
            role: block.role,
            status: record.status,
            revision: record.revision,
            flags: record.flags.map((f) => f.code)
          }
        }
      }
    }
  }
}

async function* markdownItems(db: ReadableDB): AsyncGenerator<RectoItem> {
  for await (const refs of walkDocuments(db, null)) {
    const body = projectBodySize(db, refs)
    const views = refs.map((ref) => loadPageView(db, ref.documentId, ref.page))
    const { name, sha256 } = views[0]!.document
    const text = views
      .map((view) => `<!-- page ${view.page} -->\n\n${pageMarkdown(view, body)}`.trimEnd())
      .join('\n\n')
    yield { id: sha256, text, metadata: { source: name, sha256, pages: views.length } }
  }
}

function itemsOf(db: ReadableDB, options: LoaderOptions): AsyncGenerator<RectoItem> {
  const mode = options.mode ?? 'chunks'
  if (mode === 'elements') return elementItems(db)
  if (mode === 'markdown') return markdownItems(db)
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
