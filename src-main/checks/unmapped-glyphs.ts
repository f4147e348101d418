import type { FontInfo } from '../shared/layout.js'
import type { Flag, Severity } from '../shared/flags.js'
import type { Check } from './check.js'
import { charStats, percent } from './char-stats.js'
import { unmappedReason } from './font-mapping.js'

/**
 * Measured on the corpus: broken pages have 23% (redp5110 p3, one font's glyphs lost) to 100%
 * (issue-791, truetype_font_nomapping) of their characters unmapped, and TAMReview 88–97%; pages
 * that read fine have a handful of stray U+FFFD or private-use symbols (f1040nr 13 of 3332
 * check-box glyphs, math_2503 2 of 2085), under 1%. A quarter unmapped makes the text useless for
 * an index; a few percent is worth a look.
 */
const OCR_SHARE = 0.25
const REVIEW_SHARE = 0.02

type FontEvidence = {
  resource: string
  baseFont: string
  encoding: string
  hasToUnicode: boolean
  unmapped: number
  chars: number
  reason: string | null
}

function severityFor(share: number): Severity {
  if (share >= OCR_SHARE) return 'error'
  return share >= REVIEW_SHARE ? 'warn' : 'info'
}

function fontsByName(fonts: readonly FontInfo[]): Map<string, FontInfo> {
  const byName = new Map<string, FontInfo>()
  for (const font of fonts) if (!byName.has(font.baseFont)) byName.set(font.baseFont, font)
  return byName
}

/**
 * Characters with no Unicode mapping: U+FFFD, private-use code points, and every character drawn
 * with a font that has no /ToUnicode and an encoding MuPDF cannot map (silent garbage).
 */
export const unmappedGlyphs: Check = ({ layout }) => {
  const stats = charStats(layout)
  if (stats.chars === 0) return []
  const resources = fontsByName(layout.fonts)
  const evidence: FontEvidence[] = []
  let unmapped = 0
  for (const [name, counts] of stats.byFont) {
    const font = resources.get(name)
    const reason = font ? unmappedReason(font) : null
    const lost = reason ? counts.chars : counts.replacement + counts.privateUse
    if (lost === 0) continue
    unmapped += lost
    evidence.push({
      resource: font?.resource ?? '',
      baseFont: name,
      encoding: font?.encoding ?? '',
      hasToUnicode: font?.hasToUnicode ?? false,
      unmapped: lost,
      chars: counts.chars,
      reason
    })
  }
  if (unmapped === 0) return []
  evidence.sort((a, b) => b.unmapped - a.unmapped)
  const share = unmapped / stats.chars
  const worst = evidence[0]
  const shown = percent(unmapped, stats.chars) || '<1'
  let cause = ''
  if (worst) {
    const label = worst.resource
      ? `font ${worst.resource} (${worst.baseFont})`
      : `font ${worst.baseFont}`
    cause = worst.reason
      ? `: ${label} has ${worst.reason}`
      : `: ${worst.unmapped} in ${label}${worst.hasToUnicode ? '' : ', which has no /ToUnicode'}`
  }
  const flag: Flag = {
    code: 'unmapped_glyphs',
    severity: severityFor(share),
    message: `${shown}% of characters have no Unicode mapping (${unmapped} of ${stats.chars})${cause}`,
    evidence: {
      unmapped,
      chars: stats.chars,
      replacement: stats.replacement,
      privateUse: stats.privateUse,
      fonts: evidence
    }
  }
  return [flag]
}
