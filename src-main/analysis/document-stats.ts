import type { DocumentStats } from '../checks/check.js'
import { runningText } from '../layout/boilerplate.js'
import { documentBodySize } from '../layout/headings.js'
import type { PageDigest } from './page-digest.js'

function median(values: readonly number[]): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/**
 * The document pass: facts no single page knows, computed from every page's digest once all
 * pages are extracted, then handed to `analyzePage` for each page.
 */
export function documentStats(digests: readonly PageDigest[]): DocumentStats {
  const ocrd = digests.filter((d) => d.ocr).map((d) => d.sizes ?? {})
  return {
    pageCount: digests.length,
    // A damaged page's missing text says nothing about how much text the document's pages hold.
    medianChars: Math.round(median(digests.filter((d) => !d.damage).map((d) => d.chars))),
    running: runningText(digests.map((d) => d.edges ?? [])),
    // Digests stored before sizes were kept have none: those pages do not count.
    bodySize: documentBodySize(digests.filter((d) => !d.ocr).map((d) => d.sizes ?? {})),
    ...(ocrd.length === 0 ? {} : { ocrBodySize: documentBodySize(ocrd) })
  }
}
