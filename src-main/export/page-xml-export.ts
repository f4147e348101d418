import { ExtractError } from '../extract/errors.js'
import { PageRenderer } from '../extract/render.js'
import type { ReadableDB } from '../store/db.js'
import { documentPaths, getDocument } from '../store/documents.js'
import { countExportPages, documentNames } from '../store/export-queries.js'
import { AtomicFolder, type BeforeRename, type WriteOutcome } from './atomic-write.js'
import { documentStems, pageEntryName } from './entry-name.js'
import type { EntryError, ExportProgress } from './gold-export.js'
import { walkDocuments } from './page-walk.js'
import { loadPageView } from './page-view.js'
import { pageXml } from './page-xml.js'
import { packageVersion } from '../install/package-root.js'
import { readSourcePdf } from './source-file.js'
import { messageOf } from '../shared/error-message.js'

/** 150 dpi: what transcription tools expect of a page image, at a tenth of 300 dpi's bytes. */
export const PAGE_IMAGE_SCALE = 150 / 72

export type PageXmlReport = Readonly<{
  dir: string
  pages: number
  added: readonly string[]
  changed: readonly string[]
  unchanged: readonly string[]
  errors: readonly EntryError[]
}>

/**
 * Every page as `<entry>.xml` (PAGE 2019) beside `<entry>.png` (the page rendered at 150 dpi,
 * which the coordinates refer to), with the reviewers' order where they set one. An encrypted
 * source is opened with the empty password or one of `passwords`; a document none opens is an
 * entry error, like a source that is gone.
 */
export async function exportPageXml(
  db: ReadableDB,
  dir: string,
  options: Readonly<{
    onProgress?: ExportProgress
    beforeRename?: BeforeRename
    passwords?: readonly string[]
  }> = {}
): Promise<PageXmlReport> {
  const folder = new AtomicFolder(dir, options.beforeRename)
  await folder.prepare()
  const stems = documentStems(documentNames(db))
  const total = countExportPages(db, null)
  const creator = `Recto ${packageVersion()}`
  const outcomes: Record<WriteOutcome, string[]> = { added: [], changed: [], unchanged: [] }
  const errors: EntryError[] = []
  const renderer = new PageRenderer(1)
  let done = 0
  options.onProgress?.(0, total)
  try {
    for await (const refs of walkDocuments(db, null)) {
      const documentId = refs[0]!.documentId
      const document = getDocument(db, documentId)!
      const stem = stems.get(documentId) ?? `document-${documentId}`
      let source: string | null = null
      try {
        source = (await readSourcePdf(documentPaths(db, documentId), document.sha256)).path
      } catch (error) {
        errors.push({ entry: stem, reason: messageOf(error) })
      }
      for (const ref of refs) {
        done++
        if (source === null) continue
        const entry = pageEntryName(stem, ref.page)
        let image
        try {
          image = await renderer.render(source, ref.page, PAGE_IMAGE_SCALE, options.passwords)
        } catch (error) {
          if (!(error instanceof ExtractError)) throw error
          errors.push({ entry: stem, reason: error.reason })
          source = null
          continue
        }
        const xml = pageXml({
          view: loadPageView(db, documentId, ref.page),
          image: { file: `${entry}.png`, width: image.width, height: image.height },
          creator
        })
        const png = await folder.write(`${entry}.png`, image.png)
        const written = await folder.write(`${entry}.xml`, xml)
        const outcome =
          png === 'unchanged' && written === 'unchanged'
            ? 'unchanged'
            : png === 'added' && written === 'added'
              ? 'added'
              : 'changed'
        outcomes[outcome].push(entry)
        options.onProgress?.(done, total)
      }
    }
  } finally {
    renderer.close()
  }
  await folder.finish()
  return { dir: folder.dir, pages: Object.values(outcomes).flat().length, ...outcomes, errors }
}
