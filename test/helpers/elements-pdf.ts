import { mupdf } from '../../src-main/extract/mupdf.js'
import { A4 } from './made-pdf.js'

/** A line of a page built by `elementsPdf`: text at (x, y) from the bottom left, in a font. */
export type ElementLine = Readonly<{
  x: number
  y: number
  text: string
  size?: number
  /** `mono` is Courier, `symbol` the PDF Symbol font (∑ is "\345" there); Helvetica otherwise. */
  font?: 'mono' | 'symbol' | 'bold'
}>

const escape = (text: string): string => text.replace(/[()\\]/gu, (c) => `\\${c}`)

/**
 * A PDF of A4 pages made of the lines given, drawn in Helvetica (WinAnsi: "\225" is a bullet,
 * "\226" an en dash), Courier or Symbol, as a word processor or TeX would set lists, listings
 * and display formulas.
 */
export function elementsPdf(pages: readonly (readonly ElementLine[])[]): Uint8Array {
  const doc = new mupdf.PDFDocument()
  try {
    const resources = doc.addObject({
      Font: {
        F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
        F2: doc.addSimpleFont(new mupdf.Font('Courier'), 'Latin'),
        F3: doc.addObject({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Symbol' }),
        F4: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
      }
    })
    const font = { mono: 'F2', symbol: 'F3', bold: 'F4' } as const
    for (const lines of pages) {
      const content = lines
        .map((l) => {
          // Symbol's codes are written as octal escapes already: they are kept as given.
          const text =
            l.font === 'symbol' ? l.text : escape(l.text).replace(/\\\\(\d{3})/gu, '\\$1')
          return `BT /${l.font ? font[l.font] : 'F1'} ${l.size ?? 10} Tf ${l.x} ${l.y} Td (${text}) Tj ET`
        })
        .join('\n')
      doc.insertPage(-1, doc.addPage(A4, 0, resources, content))
    }
    return doc.saveToBuffer('compress').asUint8Array().slice()
  } finally {
    doc.destroy()
  }
}

/** Prose lines of 10 pt Helvetica from (72, top) down, 12 pt apart. */
export function prose(top: number, lines: readonly string[], x = 72): ElementLine[] {
  return lines.map((text, i) => ({ x, y: top - i * 12, text }))
}

/** A bulleted list with a wrapped item and a nested item (en dash), as in a report. */
export const BULLETS: readonly ElementLine[] = [
  ...prose(760, [
    'Some paragraph of text that introduces the list below and goes on.',
    'It has a second line, ending with a colon:'
  ]),
  { x: 80, y: 730, text: '\\225' },
  { x: 92, y: 730, text: 'First item of the list' },
  { x: 80, y: 718, text: '\\225' },
  { x: 92, y: 718, text: 'Second item, which wraps onto' },
  { x: 92, y: 706, text: 'a second line under its text' },
  { x: 100, y: 694, text: '\\226' },
  { x: 112, y: 694, text: 'A nested item' },
  { x: 80, y: 682, text: '\\225' },
  { x: 92, y: 682, text: 'Third item' }
]

/** A JavaScript listing in 9 pt Courier, its body indented by two spaces. */
export const LISTING: readonly ElementLine[] = [
  ...prose(660, ['A paragraph before the code, which says what it does.']),
  ...['function add(a, b) {', '  return a + b;', '}', 'console.log(add(3, 5));'].map((text, i) => ({
    x: 80,
    y: 640 - i * 11,
    text,
    size: 9,
    font: 'mono' as const
  })),
  ...prose(585, ['A paragraph after the code, which goes on for a while.'])
]

/** The sum of the first n numbers, set as TeX stacks it: limits above and below, a fraction. */
export const SUM: readonly ElementLine[] = [
  ...prose(580, ['A paragraph before the formula, which introduces it.']),
  { x: 280, y: 560, text: 'n', size: 8 },
  { x: 276, y: 545, text: '\\345', size: 14, font: 'symbol' },
  { x: 272, y: 535, text: 'k=1', size: 8 },
  { x: 292, y: 545, text: 'k = n(n + 1)', size: 10 },
  { x: 300, y: 536, text: '2', size: 10 },
  ...prose(515, ['And a paragraph after the formula, which goes on for a while.'])
]

/** A numbered list with lettered items under its second step and roman ones under those. */
export const NUMBERED: readonly ElementLine[] = [
  ...prose(770, ['Steps:']),
  ...[
    ['1.', 'Gather the samples'],
    ['2.', 'Weigh them'],
    ['a)', 'on the small scale'],
    ['b)', 'twice'],
    ['(i)', 'if wet'],
    ['(ii)', 'if dry']
  ].flatMap(([marker, text], i) => {
    const x = i < 2 ? 72 : i < 4 ? 90 : 108
    return [
      { x, y: 740 - i * 14, text: marker! },
      { x: x + 16, y: 740 - i * 14, text: text! }
    ]
  })
]
