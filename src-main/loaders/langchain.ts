import { BaseDocumentLoader } from '@langchain/core/document_loaders/base'
import { Document } from '@langchain/core/documents'
import { loadItems, type LoaderOptions } from './recto-items.js'

export { LOADER_MODES, type LoaderMode, type LoaderOptions } from './recto-items.js'

/**
 * `recto/langchain`: a LangChain.js document loader over Recto's cleaned text. `path` is a PDF,
 * a folder of PDFs (or a list of them), or a review project file, whose reviewed corrections
 * the documents carry. Each Document's `metadata` is the chunk record of `recto export --chunks`
 * (heading path, pages with boxes, decisions, flags, review state) without its text, or an
 * element's box and role, or a Markdown document's source; its `id` is stable across runs.
 */
export class RectoLoader extends BaseDocumentLoader {
  constructor(
    readonly path: string | readonly string[],
    readonly options: LoaderOptions = {}
  ) {
    super()
  }

  async load(): Promise<Document[]> {
    const items = await loadItems(this.path, this.options)
    return items.map(
      (item) => new Document({ id: item.id, pageContent: item.text, metadata: item.metadata })
    )
  }
}
