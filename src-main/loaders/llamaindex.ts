import { Document, type BaseReader } from '@llamaindex/core/schema'
import { loadItems, type LoaderOptions } from './recto-items.js'

export { LOADER_MODES, type LoaderMode, type LoaderOptions } from './recto-items.js'

/**
 * Metadata a chunk carries for filtering and for showing where it came from, but which would
 * only add noise to its embedding or to a prompt: ids, hashes, boxes and review bookkeeping.
 * The heading path, source, trust and page number (of an element) stay visible to both.
 */
const NOT_FOR_MODELS = [
  'id',
  'sha256',
  'index',
  'pages',
  'last_page',
  'boxes',
  'decision',
  'file_name',
  'bbox',
  'block',
  'roles',
  'revision',
  'status',
  'flags'
]

/**
 * `recto/llamaindex`: a LlamaIndex.TS reader over Recto's cleaned text (Document from
 * `@llamaindex/core/schema`, which the `llamaindex` package re-exports). `loadData` takes a PDF,
 * a folder of PDFs (or a list of them), or a review project file; the documents' metadata is as
 * for `recto/langchain`, and their `id_` is stable across runs.
 */
export class RectoReader implements BaseReader<Document> {
  constructor(readonly options: LoaderOptions = {}) {}

  async loadData(path: string | readonly string[]): Promise<Document[]> {
    const items = await loadItems(path, this.options)
    return items.map(
      (item) =>
        new Document({
          id_: item.id,
          text: item.text,
          metadata: item.metadata,
          excludedEmbedMetadataKeys: NOT_FOR_MODELS,
          excludedLlmMetadataKeys: NOT_FOR_MODELS
        })
    )
  }
}
