import { mupdf } from '../../src-main/extract/mupdf.js'
import { madePdf } from './made-pdf.js'

/**
 * Pages whose word spacing is set with exact text state (Tc, Tw, TJ numbers), one for each way a
 * producer spaces words, and the text each must read as. Sentences carry stops and commas inside
 * lines, so a gap after punctuation is tested as well as one between letters.
 */
export const SPACING_PROSE: readonly string[] = [
  'Invoice Total amounts now include the regional service levy. Customers',
  'who pay by direct debit receive the discount shown below, and others',
  'please quote the invoice number with your payment. Our bank details',
  'are printed at the foot of the page for your records. Thank you for',
  'your business and we look forward to working with you again this year.',
  'Late payments are charged interest at the statutory rate per annum.',
  'Kind regards.'
]

const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`

/** Helvetica as F1, Helvetica-Bold as F2, MuPDF's CJK font as C1 (UTF-16 codes). */
export function spacingPdf(content: string): Uint8Array {
  return madePdf((doc) => {
    const resources = {
      Font: {
        F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
        F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin'),
        C1: doc.addCJKFont(new mupdf.Font('ja'), 'ja', 0, false)
      }
    }
    return [{ content, resources }]
  })
}

/** A number from a line's and a word's place, spread over [0, 1): the same page every run. */
function spread(i: number, k: number): number {
  return ((i * 7919 + k * 104729) % 1000) / 1000
}

/**
 * Tight tracking: Tc from −0.02 to −0.05 em, no space glyph anywhere, each word moved from the
 * last by a TJ number that leaves a gap of 0.05–0.12 em between them, and a quarter of the letter
 * pairs kerned by up to ±0.02 em as a font's kerning table would.
 */
export function tightTrackingPdf(size = 10): Uint8Array {
  const lines = SPACING_PROSE.map((line, i) => {
    const tc = -(0.02 + 0.01 * (i % 4))
    const words = line.split(' ').map((word, k) => {
      const letters = [...word].map((ch, j) => {
        const kern = spread(i, k * 31 + j) < 0.25 ? Math.round((spread(k, j) - 0.5) * 40) : 0
        return j > 0 && kern !== 0 ? `${kern} ${literal(ch)}` : literal(ch)
      })
      // The pen moves by the TJ number, then the glyph before it was already tracked by Tc: a
      // gap of g em needs a number of −(g − tc)·1000.
      const gap = 0.05 + 0.07 * spread(i, k)
      const move = k === 0 ? '' : `${Math.round(-(gap - tc) * 1000)} `
      return move + letters.join(' ')
    })
    return `BT /F1 ${size} Tf ${tc * size} Tc 72 ${770 - i * size * 1.4} Td [${words.join(' ')}] TJ ET`
  })
  return spacingPdf(lines.join('\n'))
}

export const LOOSE_HEADINGS: readonly string[] = [
  'ANNUAL REPORT OF THE BOARD',
  'NOTES TO THE ACCOUNTS'
]

/**
 * Loose letter-spacing with space glyphs: two all-caps headings tracked 0.3 and 0.5 em, and the
 * prose's lines, halved to fit the page, tracked 0.2 to 0.5 em.
 */
export function looseSpacingPdf(): Uint8Array {
  const heads = LOOSE_HEADINGS.map(
    (head, i) =>
      `BT /F2 12 Tf ${12 * (0.3 + 0.2 * i)} Tc 72 ${790 - i * 20} Td ${literal(head)} Tj ET`
  )
  const lines = looseLines().map(
    (line, i) =>
      `BT /F1 9 Tf ${9 * (0.2 + 0.1 * (i % 4))} Tc 72 ${740 - i * 14} Td ${literal(line)} Tj ET`
  )
  return spacingPdf([...heads, ...lines].join('\n'))
}

/** The prose's lines cut in two at the space nearest their middle. */
export function looseLines(): string[] {
  return SPACING_PROSE.flatMap((line) => {
    const middle = line.indexOf(' ', line.length / 2)
    return [line.slice(0, middle), line.slice(middle + 1)]
  })
}

/**
 * Justified lines: Tw stretches each space of a line to a width from 0.3 em to 1 em (Helvetica's
 * space is 0.278 em), as a justified column with few words on a line does.
 */
export function justifiedPdf(): Uint8Array {
  const lines = SPACING_PROSE.map((line, i) => {
    const tw = (0.02 + 0.144 * i) * 10
    return `BT /F1 10 Tf ${tw.toFixed(2)} Tw 72 ${770 - i * 14} Td ${literal(line)} Tj ET`
  })
  return spacingPdf(lines.join('\n'))
}

/**
 * Kerning inside words: every word of four letters and more drawn in two pieces moved by ±80
 * thousandths of an em between them ([(Inv) 80 (oice)]), words parted by space glyphs.
 */
export function kernedWordsPdf(): Uint8Array {
  const lines = SPACING_PROSE.map((line, i) => {
    const words = line.split(' ').map((w, k) => {
      if (w.length < 4) return literal(w)
      const cut = 1 + (k % (w.length - 2))
      return `${literal(w.slice(0, cut))} ${(i + k) % 2 === 0 ? 80 : -80} ${literal(w.slice(cut))}`
    })
    return `BT /F1 10 Tf 72 ${770 - i * 14} Td [${words.join(' ( ) ')}] TJ ET`
  })
  return spacingPdf(lines.join('\n'))
}

export const CJK_LINES: readonly string[] = [
  '日本語の文章は単語の間に空白を置かずに書きます。',
  '請求書の合計金額には地域のサービス料が含まれます。',
  '口座振替でお支払いのお客様には割引があります。'
]

const utf16 = (text: string): string =>
  '<' + [...text].map((ch) => ch.codePointAt(0)!.toString(16).padStart(4, '0')).join('') + '>'

/** CJK lines with no space between Han and kana, the second justified by 0.05 em per glyph. */
export function cjkPdf(): Uint8Array {
  const lines = CJK_LINES.map(
    (line, i) => `BT /C1 12 Tf ${i === 1 ? 0.6 : 0} Tc 72 ${770 - i * 20} Td ${utf16(line)} Tj ET`
  )
  return spacingPdf(lines.join('\n'))
}
