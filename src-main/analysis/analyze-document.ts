import type { DocumentStats } from '../checks/check.js'
import { ExtractError } from '../extract/errors.js'
import { extractPage } from '../extract/page.js'
import type { PdfFile } from '../extract/open.js'
import type { PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'
import { analyzePage } from './analyze-page.js'
import { documentStats } from './document-stats.js'
import { pageDigest, type PageDigest } from './page-digest.js'
import { unreadableReason } from './unreadable.js'

export type AnalyzedPage = Readonly<{ layout: PageLayout; analysis: PageAnalysis }>

export type DocumentAnalysis = Readonly<{
  stats: DocumentStats
  pages: readonly AnalyzedPage[]
  /** Every page's digest, wanted or not: what the statistics are made again from after OCR. */
  digests: readonly PageDigest[]
}>

/**
 * Extracts and analyses a whole document in one thread, for `recto text` and `recto check`.
 * Every page is extracted for the document statistics even when only `pages` (1-based) are
 * wanted, so a page's result never depends on which other pages were asked for. Throws
 * ExtractError when no page could be read.
 */
export function analyzeDocument(file: PdfFile, pages?: readonly number[]): DocumentAnalysis {
  const wanted = new Set(pages ?? Array.from({ length: file.pageCount }, (_, i) => i + 1))
  const kept: PageLayout[] = []
  const digests: PageDigest[] = []
  for (let index = 0; index < file.pageCount; index++) {
    const layout = extractPage(file, index)
    digests.push(pageDigest(layout))
    if (wanted.has(layout.page)) kept.push(layout)
  }
  const unreadable = unreadableReason(digests)
  if (unreadable !== null) throw new ExtractError(unreadable)
  const stats = documentStats(digests)
  return {
    stats,
    pages: kept.map((layout) => ({ layout, analysis: analyzePage(layout, stats) })),
    digests
  }
}
