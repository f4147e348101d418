import { letterCosine } from '../repair/targets.js'
import { unmappedReason } from '../checks/font-mapping.js'
import { MATH_FONT } from '../checks/math.js'
import type { AnalyzedPage } from '../analysis/analyze-document.js'
import type { PageLayout } from '../shared/layout.js'

/**
 * Why a font's map is worth reading back against its glyphs: OCR costs 0.1–0.3 s a line, too
 * much for every font of every page, so only fonts a cheap signal points at are read.
 * - `repaired`: its map was learned or edited (src-main/repair/), and a repair can learn a code
 *   wrong ("Jkjtltp Lqysksx Dfntw" for "Library Opening Hours");
 * - `arabic`: Arabic letters have no frequency profile the text checks know, and wrong maps of
 *   Arabic fonts read as plausible letters ("صوو عييهاوخ");
 * - `odd letters`: Latin letters whose words lack vowels or whose frequencies are not language,
 *   on text too short for garbled_text to judge (a heading, a caption).
 */
export type SuspectReason = 'repaired' | 'arabic' | 'odd letters'

const ARABIC_LETTER = /[\u0620-\u064a\u066e-\u06d3\ufb50-\ufdff\ufe70-\ufefc]/gu
/** Arabic letters a font must draw before its map is read back: a quoted word is not enough. */
const MIN_ARABIC = 10
/** Latin letters below which neither the vowels nor the frequencies of a font's text say much. */
const MIN_LATIN = 12
/** Words of four letters or more without a vowel (y counted), of those words, past which a map is suspect. */
const VOWELLESS_SHARE = 0.34
const MIN_LONG_WORDS = 2
/** Below this cosine to English letter frequencies (repair/targets.ts) on enough letters. */
const MIN_COSINE = 0.7
const COSINE_LETTERS = 60

/** Whether Latin text looks like no language: words without vowels, or letters out of profile, each distinct word counted once. */
export function oddLetters(text: string): boolean {
  // Addresses are no words: "www.cninfo.com.cn" has no vowel to speak of. Each word counts
  // once: a running head on every page ("brazilianjournalofmicrobiology", a German "Aufgabe"
  // heading on each exercise) would otherwise set the letter profile of the whole font.
  const words = [
    ...new Set(text.split(/\s+/u).filter((word) => word !== '' && !/[./@:]\S/u.test(word)))
  ].join(' ')
  const { letters, cosine } = letterCosine(words)
  if (letters < MIN_LATIN) return false
  if (letters >= COSINE_LETTERS && cosine < MIN_COSINE) return true
  const long = (words.normalize('NFD').match(/[a-z]{4,}/giu) ?? []).filter(
    (word) => word.toUpperCase() !== word
  )
  if (long.length < MIN_LONG_WORDS) return false
  const vowelless = long.filter((word) => !/[aeiouy]/iu.test(word)).length
  return vowelless / long.length >= VOWELLESS_SHARE
}

/**
 * The fonts of a document, page by page, as much as choosing its doubted fonts needs: each
 * font's text, and which fonts have no usable map or a repaired one. An ingest worker adds its
 * pages as it analyses them, so the main thread reads back only documents that have such a font.
 */
export class FontEvidence {
  readonly #texts = new Map<string, string>()
  readonly #unusable = new Set<string>()
  readonly #repaired = new Set<string>()

  add(layout: PageLayout): void {
    for (const font of layout.fonts) {
      if (unmappedReason(font) !== null) this.#unusable.add(font.baseFont)
      if (font.repair !== undefined) this.#repaired.add(font.baseFont)
    }
    for (const block of layout.blocks) {
      if (block.source !== undefined) continue
      for (const line of block.lines) {
        for (const span of line.spans) {
          this.#texts.set(span.font, (this.#texts.get(span.font) ?? '') + span.text + ' ')
        }
      }
    }
  }

  /**
   * The fonts (by the name the layout's spans carry) whose maps the document's glyphs should be
   * read against, and why. A font with no usable map at all is left out: unmapped_glyphs already
   * says its text is not text; so is a math font, whose letters are variables with no words to
   * compare and whose formulas OCR reads as line noise (GeoTopo's CMMI8 "iijjij").
   */
  suspects(): Map<string, SuspectReason> {
    const suspects = new Map<string, SuspectReason>()
    for (const [name, text] of this.#texts) {
      if (this.#unusable.has(name) || MATH_FONT.test(name)) continue
      if (this.#repaired.has(name)) suspects.set(name, 'repaired')
      else if ((text.match(ARABIC_LETTER) ?? []).length >= MIN_ARABIC) suspects.set(name, 'arabic')
      else if (oddLetters(text)) suspects.set(name, 'odd letters')
    }
    return suspects
  }
}

/** The doubted fonts of a document's layouts (FontEvidence). */
export function suspectFonts(layouts: readonly PageLayout[]): Map<string, SuspectReason> {
  const evidence = new FontEvidence()
  for (const layout of layouts) evidence.add(layout)
  return evidence.suspects()
}

/**
 * The layouts whose fonts verification reads back: a page already sent to OCR loses its text
 * layer to OCR's reading, so its fonts need no check.
 */
export function layoutsToVerify(pages: readonly AnalyzedPage[]): PageLayout[] {
  return pages.filter((page) => page.analysis.decision !== 'ocr').map((page) => page.layout)
}

/** The fonts (by the spans' name) a page draws its text with. */
export function fontsDrawn(layout: PageLayout): Set<string> {
  return new Set(
    layout.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans.map((span) => span.font)))
  )
}
