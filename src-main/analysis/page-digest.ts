import { charStats } from '../checks/char-stats.js'
import { edgeBlocks, type EdgeBlock } from '../layout/boilerplate.js'
import { sizeHistogram, type SizeHistogram } from '../layout/headings.js'
import type { PageLayout } from '../shared/layout.js'

/**
 * The little a document-level pass needs from each page, small enough to keep for every page of
 * a long document while layouts are extracted (in workers) and stored one by one. The
 * boilerplate pass adds what it compares across pages here (first and last lines).
 */
export type PageDigest = Readonly<{
  page: number
  /** Non-whitespace characters. */
  chars: number
  /** The outermost blocks near the top and bottom edges, compared across pages for running text. */
  edges?: readonly EdgeBlock[]
  /** Characters per font size, for the document's body size that headings stand above. */
  sizes?: SizeHistogram
  /** Why MuPDF could not read the page (PageLayout.damage); absent for a page that was read. */
  damage?: string
  /** The page was read whole by OCR: its sizes count towards the OCR'd pages' body size. */
  ocr?: true
}>

export function pageDigest(layout: PageLayout): PageDigest {
  const digest = {
    page: layout.page,
    chars: charStats(layout).chars,
    edges: edgeBlocks(layout),
    sizes: sizeHistogram(layout)
  }
  const read = layout.ocr?.scope === 'page' ? { ...digest, ocr: true as const } : digest
  return layout.damage === null ? read : { ...read, damage: layout.damage }
}
