import type { Check } from './check.js'
import { isPrivateUse } from './char-stats.js'

/** Arabic presentation forms: the contextual shapes (initial, medial, final, isolated) and ligatures. */
const FORM = /[\ufb50-\ufdff\ufe70-\ufeff]/u
const FORMS = new RegExp(FORM.source, 'gu')
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/u

function isHole(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0
  return cp === 0xfffd || isPrivateUse(cp)
}

/**
 * Arabic drawn as presentation forms: glyphs mapped to their shapes (ﺍﻟﺴﻼﻡ) rather than letters.
 * The text stage mends them, NFKC turning each shape into its letters and the line read from
 * where its glyphs stand, right to left (السلام): a note that says so. A shape NFKC keeps (the
 * tail fragment U+FE73, the ornate Bismillah) or an Arabic word with a glyph that has no
 * character at all (a lam-alef ligature the font left unmapped) reads with letters missing,
 * however few, and a person should look.
 */
export const arabicForms: Check = ({ rawText }) => {
  // Words are only split on pages with an Arabic character in them: most have none.
  if (!ARABIC.test(rawText)) return []
  const words = rawText.split(/\s+/u).filter((w) => ARABIC.test(w))
  if (words.length === 0) return []
  const forms = rawText.match(FORMS) ?? []
  const kept = [...new Set(forms.filter((f) => f.normalize('NFKC') === f))]
  const broken = words.filter((w) => [...w].some(isHole))
  if (forms.length === 0 && broken.length === 0) return []
  const mended = [...new Set(forms)].filter((f) => f.normalize('NFKC') !== f)
  const examples = mended.slice(0, 3).map((f) => `${f}→${f.normalize('NFKC')}`)
  const unreadable = kept.length > 0 || broken.length > 0
  const parts = [
    forms.length > kept.length &&
      `${forms.length - kept.length} Arabic presentation forms read as their letters, right to left (${examples.join(', ')})`,
    kept.length > 0 && `${kept.length} kinds of presentation form have no letters to read as`,
    broken.length > 0 &&
      `${broken.length} Arabic words have a glyph with no character (a broken ligature): letters are missing`
  ].filter((part) => part !== false)
  return [
    {
      code: 'arabic_forms',
      severity: unreadable ? 'warn' : 'info',
      message: parts.join('; '),
      evidence: {
        forms: forms.length,
        kept: kept.length,
        brokenWords: broken.length,
        examples: broken.slice(0, 3)
      }
    }
  ]
}
