/**
 * What each kind of reference text means, and so how every extractor's text is compared with it.
 * The references are other tools' outputs, each with its tool's conventions; `recto text` leaves
 * running heads, folios and margin stamps out (DESIGN.md). Where a reference keeps them, Recto is
 * scored with boilerplate kept (`recto+bp`), the figure for acceptance; the rule goes with the
 * kind of reference, never with a file, and is printed beside the tables.
 */

export type Rule = Readonly<{
  /** The reference keeps running heads, folios and margin stamps: Recto is scored with them kept. */
  boilerplate: boolean
  /**
   * The reference's order is its tool's grouping of the page, not a reading order: the words
   * are compared whatever their order, for every extractor alike.
   */
  anyOrder: boolean
  /** What the reference is, as printed beside the table. */
  says: string
}>

/** Han, kana and CJK punctuation: scripts written without spaces between words (unlike Hangul). */
const UNSPACED =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef'
const CJK_GAP = new RegExp(`(?<=[${UNSPACED}])\\s+(?=[${UNSPACED}])`, 'gu')

/**
 * The text a rule compares. Everywhere: white space between two characters of a script written
 * without spaces is where a tool broke a line (pdfminer's newline inside a Japanese title), not
 * text, so it is dropped from reference and hypothesis alike. With `anyOrder`, the words sorted.
 */
export function comparable(text: string, rule: Rule): string {
  const joined = text.replace(CJK_GAP, '')
  if (!rule.anyOrder) return joined
  return joined
    .split(/\s+/)
    .filter((w) => w !== '')
    .sort()
    .join(' ')
}

export const RULES = {
  docling: {
    boilerplate: false,
    anyOrder: false,
    says: "Docling's Markdown: page headers and footers left out, as `recto text` does"
  },
  olmocr: {
    boilerplate: false,
    anyOrder: false,
    says: 'olmOCR Markdown: headers and footers left out, as its absent tests ask'
  },
  pdfminer: {
    boilerplate: true,
    anyOrder: false,
    says: "pdfminer's text: every box, running heads and folios included"
  },
  pdfminerForm: {
    boilerplate: true,
    anyOrder: true,
    says: "pdfminer's text of a form: its boxes in pdfminer's grouping, words in any order"
  },
  pdfplumber: {
    boilerplate: true,
    anyOrder: false,
    says: "pdfplumber's layout text: line numbers and /Artifact lines included"
  },
  pymupdf: {
    boilerplate: true,
    anyOrder: false,
    says: "PyMuPDF's expected text: every line of the page, running heads included"
  },
  pypdf: {
    boilerplate: true,
    anyOrder: false,
    says: 'py-pdf benchmark truth: running heads and folios included'
  },
  pdfboxSorted: {
    boilerplate: true,
    anyOrder: false,
    says: "PDFBox sorted by position: every line, running heads included; the default stripper's content order is shown apart"
  },
  pdfboxContent: {
    boilerplate: true,
    anyOrder: false,
    says: "PDFBox's default stripper: content (drawing) order, a diagnostic where a sorted output exists"
  }
} as const satisfies Record<string, Rule>
