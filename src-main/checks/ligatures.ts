import type { Check } from './check.js'
import { charStats, isLigature } from './char-stats.js'

const EXAMPLES = 5

/** Ligature characters (U+FB01 "ﬁ") are split into letters by NFKC in the page text. */
export const ligatures: Check = ({ layout }) => {
  const { ligatures: count } = charStats(layout)
  if (count === 0) return []
  const seen = new Set<string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        for (const ch of span.text) {
          if (seen.size < EXAMPLES && isLigature(ch.codePointAt(0) ?? 0)) seen.add(ch)
        }
      }
    }
  }
  const examples = [...seen].map((ch) => `${ch}→${ch.normalize('NFKC')}`)
  return [
    {
      code: 'ligatures',
      severity: 'info',
      message: `${count} ligature characters normalised to letters (${examples.join(', ')})`,
      evidence: { count, examples }
    }
  ]
}
