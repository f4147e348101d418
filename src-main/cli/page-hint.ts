import type { AnalyzedPage } from '../analysis/analyze-document.js'
import type { Flag } from '../shared/flags.js'
import { plural } from '../shared/plural.js'

/** Pages named with their reason in the hint; the others are counted only. */
const EXAMPLES = 3

const SEVERITY_RANK: Readonly<Record<Flag['severity'], number>> = { error: 0, warn: 1, info: 2 }

/** A page's worst flag, in the words before its evidence ("no text layer", "100% of … (28 of 28)"). */
function reason(page: AnalyzedPage): string {
  const worst = [...page.analysis.flags].sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]
  )[0]
  return worst ? (worst.message.split(': ')[0] ?? worst.code) : 'low quality'
}

function group(pages: readonly AnalyzedPage[], need: string, needs: string): string {
  const named = pages.slice(0, EXAMPLES).map((p) => `p. ${p.layout.page}: ${reason(p)}`)
  if (pages.length > EXAMPLES) named.push('…')
  return `${plural(pages.length, 'page')} ${pages.length === 1 ? needs : need} (${named.join('; ')})`
}

/**
 * `recto text` prints whatever text a page has, U+FFFD or nothing at all, and exits 0: this one
 * stderr line says which pages that text cannot be trusted on and why, so a user piping it hears
 * so. Null when every page is ok. Damaged pages are left out: they have a line of their own.
 */
export function pageHint(
  file: string,
  pages: readonly AnalyzedPage[],
  ocrRan: boolean
): string | null {
  const shown = pages.filter((p) => p.layout.damage === null)
  const ocr = shown.filter((p) => p.analysis.decision === 'ocr')
  const review = shown.filter((p) => p.analysis.decision === 'review')
  const parts: string[] = []
  if (ocr.length > 0) {
    parts.push(
      ocrRan
        ? group(ocr, 'stay unreadable after OCR', 'stays unreadable after OCR')
        : group(ocr, 'need --ocr', 'needs --ocr')
    )
  }
  if (review.length > 0) parts.push(group(review, 'need review', 'needs review'))
  if (parts.length === 0) return null
  return `recto: ${file}: ${parts.join(', ')}; \`recto check\` shows every flag\n`
}
