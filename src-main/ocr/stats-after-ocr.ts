import type { AnalyzedPage, DocumentAnalysis } from '../pipeline/analyze-document.js'
import { analyzePage } from '../pipeline/analyze-page.js'
import { documentStats } from '../pipeline/document-stats.js'
import { pageDigest } from '../pipeline/page-digest.js'

/**
 * The document pass again once OCR has read some of its pages: statistics over every page as it
 * now reads (the OCR'd pages' type sizes and edges in place of their empty text layers'), and the
 * OCR'd pages analysed again with them, so text repeated at the edges of several scans is running
 * text and their headings stand above the scans' own body size. Pages OCR did not read keep
 * their analysis.
 */
export function statsAfterOcr(
  analysis: DocumentAnalysis,
  pages: readonly AnalyzedPage[],
  ocrd: ReadonlySet<number>
): DocumentAnalysis {
  if (ocrd.size === 0) return { ...analysis, pages }
  const now = new Map(pages.map((page) => [page.layout.page, page.layout]))
  const digests = analysis.digests.map((digest) => {
    const layout = ocrd.has(digest.page) ? now.get(digest.page) : undefined
    return layout ? pageDigest(layout) : digest
  })
  const stats = documentStats(digests)
  return {
    stats,
    digests,
    pages: pages.map((page) =>
      ocrd.has(page.layout.page)
        ? { layout: page.layout, analysis: analyzePage(page.layout, stats) }
        : page
    )
  }
}
