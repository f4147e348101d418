import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FlagCode } from '../shared/flags.js'
import type { ReadableDB } from '../store/db.js'
import { findDocumentBySha256 } from '../store/documents.js'
import { getPage, storedPageNumbers } from '../store/pages.js'
import type { EntryExtraction } from './bake-off.js'
import type { GoldEntry } from './gold-folder.js'

/**
 * The entry's pages as Recto stored them at ingest: the automatic text (what is being scored;
 * never the reviewer's correction, which is the gold itself), the raw drawing-order text and the
 * flags. An exported entry names its source and pages in the manifest; any other PDF is looked up
 * by its own hash as a whole document. Null when the project does not hold the pages.
 */
export async function databaseExtraction(
  db: ReadableDB,
  entry: GoldEntry
): Promise<EntryExtraction | null> {
  let sha256: string
  let pages: readonly number[] | null = null
  if (entry.manifest) {
    sha256 = entry.manifest.sha256
    pages = entry.manifest.pages
  } else {
    sha256 = createHash('sha256')
      .update(await readFile(entry.pdf))
      .digest('hex')
  }
  const document = findDocumentBySha256(db, sha256)
  if (!document) return null
  pages ??= storedPageNumbers(db, document.id)
  if (document.pageCount !== null && !entry.manifest && pages.length !== document.pageCount) {
    return null
  }
  const recto: string[] = []
  const raw: string[] = []
  const flags = new Set<FlagCode>()
  for (const pageNo of pages) {
    const page = getPage(db, document.id, pageNo)
    if (!page) return null
    recto.push(page.analysis.text)
    raw.push(page.rawText)
    for (const f of page.analysis.flags) flags.add(f.code)
  }
  return {
    recto: recto.join('\f'),
    raw: raw.join('\f'),
    flags: [...flags].sort(),
    from: 'database'
  }
}
