import type { AnalyzedPage, DocumentAnalysis } from '../analysis/analyze-document.js'
import { analyzePage } from '../analysis/analyze-page.js'
import { documentStats } from '../analysis/document-stats.js'
import { pageDigest, type PageDigest } from '../analysis/page-digest.js'
import { drawnText, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'

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
  const digests = digestsAsRead(analysis.digests, (page) =>
    ocrd.has(page) ? now.get(page) : undefined
  )
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

/**
 * The digests of a document's pages as they now read: a page OCR has read (`ocrLayout`) counts
 * by its OCR'd layout (type sizes, edges), not by the empty text layer its digest was made from.
 * An OCR'd page that reads word for word as another (cardinal's four sides of one leaflet,
 * turned upright) keeps no edges: a copy repeats every block at its edges, all of which would
 * otherwise be running text.
 */
export function digestsAsRead(
  digests: readonly PageDigest[],
  ocrLayout: (page: number) => PageLayout | undefined
): PageDigest[] {
  const seen = new Set<string>()
  return digests.map((digest) => {
    const layout = ocrLayout(digest.page)
    if (!layout) return digest
    const { words, read } = readDigest(layout)
    const copy = seen.has(words)
    seen.add(words)
    return copy ? { ...read, edges: [] } : read
  })
}

/**
 * Each OCR'd layout's digest and words, made once: a project's OCR run asks for the statistics
 * again after every page, over every page read so far.
 */
const readDigest = memoize((layout: PageLayout) => ({
  words: layout.blocks.map(drawnText).join(' ').replace(/\s+/g, ' ').trim(),
  read: pageDigest(layout)
}))
