import type { PageDigest } from './page-digest.js'

/**
 * Why a document is damaged beyond repair when MuPDF could read none of its pages, else null: a
 * document of nothing but empty pages helps nobody, so it fails as a whole file, with the first
 * page's reason (a one-page document reads as before damaged pages were kept).
 */
export function unreadableReason(digests: readonly PageDigest[]): string | null {
  const first = digests[0]
  if (!first?.damage || digests.some((d) => !d.damage)) return null
  if (digests.length === 1) return `page ${first.page} is damaged (${first.damage})`
  return `all ${digests.length} pages are damaged (page ${first.page}: ${first.damage})`
}
