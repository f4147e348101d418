import type { DocumentStats } from '../checks/check.js'
import { ExtractError } from '../extract/errors.js'
import { extractDigestLayout, extractPage } from '../extract/page.js'
import type { PdfFile } from '../extract/open.js'
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
 * `analyzeDocument` page by page, with the same results, for `recto text` to print each page as
 * it is done: a first pass makes the document's facts from every page's digest (running heads
 * and feet, body size, median length; extractDigestLayout, without the passes no digest reads),
 * then each wanted page is extracted whole and analysed when the caller takes it. `file` must
 * stay open until the pages are taken. Throws ExtractError when no page could be read, before
 * any page is given.
 */
export function streamDocument(file: PdfFile, pages?: readonly number[]): DocumentStream {
  const digests: PageDigest[] = []
  for (let index = 0; index < file.pageCount; index++) {
    digests.push(pageDigest(extractDigestLayout(file, index)))
  }
  const unreadable = unreadableReason(digests)
  if (unreadable !== null) throw new ExtractError(unreadable)
  const stats = documentStats(digests)
  const wanted = pages ?? Array.from({ length: file.pageCount }, (_, i) => i + 1)
  function* analysed(): Generator<AnalyzedPage, void, undefined> {
    for (const page of wanted) {
      // A page read a second time reads as it did the first: MuPDF's text does not depend on
      // what it loaded before, and a damaged page's error is raised again (the corpus's 64
      // files print the same bytes either way).
      const layout = extractPage(file, page - 1)
      yield { layout, analysis: analyzePage(layout, stats) }
    }
  }
  return { stats, digests, pages: analysed() }
}
