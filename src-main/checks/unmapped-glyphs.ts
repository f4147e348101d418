import {
  drawnLine,
  EXCLUDED_ROLES,
  type BlockRole,
  type FontInfo,
  type PageLayout
} from '../shared/layout.js'
import type { Flag, Severity } from '../shared/flags.js'
import type { Spot } from '../shared/spots.js'
import type { Check } from './check.js'
import { drawnWords, type DrawnWord } from './page-words.js'
import { charStats, isPrivateUse, percent } from './char-stats.js'
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

/**
 * A glyph the font leaves unmapped everywhere, such as a Type3 font's "c" ("Spee�h", "Gerla�h"),
 * costs under 1% of a long page's characters but breaks every word that has the letter, and
 * search misses them all. On the corpus's clean pages unmapped glyphs stand alone (check boxes,
 * arrow tips, bullets) or beside letters in three words at most (dolma: 3 CMMIB8 glyphs);
 * five words with a hole say a letter is gone.
 */
const REVIEW_WORDS = 5

type FontEvidence = {
  resource: string
  baseFont: string
  encoding: string
  hasToUnicode: boolean
  unmapped: number
  chars: number
  reason: string | null
}

/**
 * A U+FFFD in a word that has letters or digits is a character the word has lost for certain
 * ("\uFFFD-oxidation" for "β-oxidation", "19\uFFFD9"), or a space lost between two words
 * (TAMReview's repaired headings read "Overview\uFFFDof\uFFFDthe\uFFFDTechnology"): one is enough
 * for a person to look before the text is passed as ok, whatever its share of the page. A U+FFFD
 * standing alone or among marks is a symbol font's bullet or check box (13 corpus pages that read
 * fine have up to 4), and a private-use code point may be a symbol font's own: those stay a note.
 */
function severityFor(share: number, brokenWords: number, lostInWords: number): Severity {
  if (share >= OCR_SHARE) return 'error'
  return share >= REVIEW_SHARE || brokenWords >= REVIEW_WORDS || lostInWords > 0 ? 'warn' : 'info'
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/** Marks that join a word's parts: a hole beside one is still inside the word ("\uFFFD-oxidation"). */
const JOINERS = new Set(['-', '\u2010', '\u2011', "'", '\u2019'])

/**
 * Whether a U+FFFD of `chars` stands inside a word: beside a letter or digit, or beside a hyphen
 * or apostrophe that is. A math extension's big delimiter before "\u2225z" stands among marks.
 */
function holeInWord(chars: readonly string[]): boolean {
  const letterAt = (i: number, step: number): boolean => {
    let at = i + step
    while (JOINERS.has(chars[at] ?? '')) at += step
    return LETTER_OR_DIGIT.test(chars[at] ?? '')
  }
  return chars.some((ch, i) => ch === '\uFFFD' && (letterAt(i, -1) || letterAt(i, 1)))
}

/** The words of the page's read text (running heads and noise left out) that lost a character. */
function wordsMissingACharacter(layout: PageLayout, roles: readonly BlockRole[]): DrawnWord[] {
  const read = layout.blocks.filter((b) => !EXCLUDED_ROLES.has(roles[b.id] ?? 'body'))
  return drawnWords(layout, read).filter(
    (word) => word.text.includes('\uFFFD') && holeInWord([...word.text])
  )
}

/** Where the holed words are, a spot each for the first few (enough to find them on the page). */
const SPOTS = 10

function isUnmapped(cp: number): boolean {
  return cp === 0xfffd || isPrivateUse(cp)
}

/**
 * Distinct words (case folded) in which an unmapped glyph (`lost` tells which) stands beside a
 * character `beside` matches.
 */
export function wordsWithHoles(
  layout: PageLayout,
  lost: (cp: number) => boolean = isUnmapped,
  beside: RegExp = /\p{L}/u
): string[] {
  const words = new Set<string>()
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      for (const word of drawnLine(line).split(/\s+/u)) {
        const chars = [...word]
        const holed = chars.some(
          (ch, i) =>
            lost(ch.codePointAt(0) ?? 0) &&
            (beside.test(chars[i - 1] ?? '') || beside.test(chars[i + 1] ?? ''))
        )
        if (holed) words.add(word.toLowerCase())
      }
    }
  }
  return [...words]
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
export const unmappedGlyphs: Check = ({ layout, roles }) => {
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
  const holes = stats.replacement + stats.privateUse > 0 ? wordsWithHoles(layout) : []
  const lostWords = stats.replacement > 0 ? wordsMissingACharacter(layout, roles) : []
  const lostInWords = [...new Set(lostWords.map((w) => w.text.toLowerCase()))]
  const spots: Spot[] = lostWords
    .slice(0, SPOTS)
    .map((w) => ({ bbox: w.bbox, note: `U+FFFD in "${w.text}"` }))
  const severity = severityFor(share, holes.length, lostInWords.length)
  const broken =
    holes.length >= REVIEW_WORDS && severity !== 'error'
      ? `; a letter is missing from ${holes.length} words (${holes.slice(0, 3).join(', ')})`
      : lostInWords.length > 0 && severity === 'warn'
        ? `; U+FFFD in ${lostInWords.length} ${lostInWords.length === 1 ? 'word' : 'words'} (${lostInWords.slice(0, 3).join(', ')})`
        : ''
  const flag: Flag = {
    code: 'unmapped_glyphs',
    severity,
    message: `${shown}% of characters have no Unicode mapping (${unmapped} of ${stats.chars})${cause}${broken}`,
    evidence: {
      unmapped,
      chars: stats.chars,
      replacement: stats.replacement,
      privateUse: stats.privateUse,
      brokenWords: holes.length,
      wordsWithReplacement: lostInWords.length,
      replacementWords: lostInWords.slice(0, SPOTS),
      fonts: evidence,
      ...(spots.length > 0 ? { spots } : {})
    }
  }
  return [flag]
}
