import { closePdf, openPdf } from '../extract/open.js'
import { renderBox } from '../extract/picture-image.js'
import { messageOf } from '../shared/error-message.js'
import type { ReadableDB } from '../store/db.js'
import { documentPaths, getDocument } from '../store/documents.js'
import { documentNames } from '../store/export-queries.js'
import { AtomicFolder, type WriteOutcome } from './atomic-write.js'
import { documentStems, pageEntryName } from './entry-name.js'
import type { EntryError } from './gold-export.js'
import { PAGE_IMAGE_SCALE } from './page-xml-export.js'
import { pagePictures } from './page-pictures.js'
import { loadPageView } from './page-view.js'
import { walkDocuments } from './page-walk.js'
import { readSourcePdf } from './source-file.js'

export type PicturesReport = Readonly<{
  dir: string
  pictures: number
  added: readonly string[]
  changed: readonly string[]
  unchanged: readonly string[]
  errors: readonly EntryError[]
}>

/**
 * Every picture of every page (page-pictures.ts) as `<entry>-picture<K>.png`, its box cut out of
 * the page rendered at 150 dpi, K counting the page's pictures from 1 in drawing order: the order
 * of the JSONL's `pictures`. A document whose source is gone or will not open is an entry error.
 */
export async function exportPictures(
  db: ReadableDB,
  dir: string,
  options: Readonly<{ passwords?: readonly string[] }> = {}
): Promise<PicturesReport> {
  const folder = new AtomicFolder(dir)
  await folder.prepare()
  const stems = documentStems(documentNames(db))
  const outcomes: Record<WriteOutcome, string[]> = { added: [], changed: [], unchanged: [] }
  const errors: EntryError[] = []
  for await (const refs of walkDocuments(db, null)) {
    const documentId = refs[0]!.documentId
    const stem = stems.get(documentId) ?? `document-${documentId}`
    const views = refs.map((ref) => loadPageView(db, documentId, ref.page))
    const pictures = views.map((view) => pagePictures(view))
    if (pictures.every((p) => p.length === 0)) continue
    let file
    try {
      const document = getDocument(db, documentId)!
      const { bytes } = await readSourcePdf(documentPaths(db, documentId), document.sha256)
      file = openPdf(bytes, options.passwords ?? [''])
    } catch (error) {
      if (!(error instanceof Error)) throw error
      errors.push({ entry: stem, reason: messageOf(error) })
      continue
    }
    try {
      for (const [i, view] of views.entries()) {
        if (pictures[i]!.length === 0) continue
        const page = file.pdf.loadPage(view.page - 1)
        try {
          for (const [k, picture] of pictures[i]!.entries()) {
            const name = `${pageEntryName(stem, view.page)}-picture${k + 1}.png`
            outcomes[
              await folder.write(name, renderBox(page, picture.bbox, PAGE_IMAGE_SCALE))
            ].push(name)
          }
        } finally {
          page.destroy()
        }
      }
    } finally {
      closePdf(file)
    }
  }
  await folder.finish()
  return { dir: folder.dir, pictures: Object.values(outcomes).flat().length, ...outcomes, errors }
}
