import type { DocumentStats } from '../checks/check.js'
import { ExtractError } from '../extract/errors.js'
import { extractDigestLayout, extractPage } from '../extract/page.js'
import type { PdfFile } from '../extract/open.js'
import type { PageLayout } from '../shared/layout.js'
import type { AnalyzedPage } from './analyze-document.js'
import { analyzePage } from './analyze-page.js'
import { documentStats } from './document-stats.js'
import { pageDigest, type PageDigest } from './page-digest.js'
import { unreadableReason } from './unreadable.js'

export type DocumentStream = Readonly<{
  stats: DocumentStats
  digests: readonly PageDigest[]
  /** The wanted pages in order, each extracted and analysed when it is asked for. */
  pages: Generator<AnalyzedPage, void, undefined>
}>

/**
 * Wanted pages whose whole layout the first pass keeps, so that only the pages after them are
 * read twice: most documents fit (54 of the corpus's 64 files), and a long one's first pages
 * cost a few megabytes at most.
 */
const KEPT_PAGES = 16

/**
 * `analyzeDocument` page by page, with the same results, for `recto text` to print each page as
 * it is done. A first pass makes the document's facts from every page's digest (running heads
 * and feet, body size, median length), extracting the first KEPT_PAGES wanted pages whole and
 * the others as far as a digest reads (extractDigestLayout, without the passes no digest
 * needs); then each wanted page is analysed, and extracted whole if it was not, when the caller
 * takes it. `file` must stay open until the pages are taken. Throws ExtractError when no page
 * could be read, before any page is given.
 */
export function streamDocument(file: PdfFile, pages?: readonly number[]): DocumentStream {
  const wanted = pages ?? Array.from({ length: file.pageCount }, (_, i) => i + 1)
  const keep = new Set(wanted.slice(0, KEPT_PAGES))
  const kept = new Map<number, PageLayout>()
  const digests: PageDigest[] = []
  for (let index = 0; index < file.pageCount; index++) {
    if (keep.has(index + 1)) {
      const layout = extractPage(file, index)
      kept.set(layout.page, layout)
      digests.push(pageDigest(layout))
    } else digests.push(pageDigest(extractDigestLayout(file, index)))
  }
  const unreadable = unreadableReason(digests)
  if (unreadable !== null) throw new ExtractError(unreadable)
  const stats = documentStats(digests)
  function* analysed(): Generator<AnalyzedPage, void, undefined> {
    for (const page of wanted) {
      // A page read a second time reads as it did the first: MuPDF's text does not depend on
      // what it loaded before, and a damaged page's error is raised again (the corpus's 64
      // files print the same bytes either way).
      const layout = kept.get(page) ?? extractPage(file, page - 1)
      kept.delete(page)
      yield { layout, analysis: analyzePage(layout, stats) }
    }
  }
  return { stats, digests, pages: analysed() }
}
