import { mupdf } from '../../src-main/extract/mupdf.js'
import { madePdf } from './made-pdf.js'

/** A price table as a report sets it: a header row, a label column and columns of figures. */
export const TABLE_ROWS: readonly (readonly string[])[] = [
  ['Product', 'Unit', 'March', 'April', 'May'],
  ['CME Group Ethanol', '$/gal', '1.5060', '1.5410', '1.3960'],
  ['Chicago Corn', '$/bu', '3.7125', '3.8050', '3.6475'],
  ['Gulf Coast Gasoline', '$/gal', '2.0312', '2.1190', '2.2045'],
  ['Soybean Oil', 'c/lb', '31.42', '32.18', '30.95'],
  ['Natural Gas Henry Hub', '$/MMBtu', '2.841', '2.916', '3.102']
]

/** Left edges of the columns, in points. */
const COLUMNS = [72, 210, 290, 350, 410]
const RIGHT = 470

const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`

/** A paragraph above and below the table, so the table is a region of a page of prose. */
const ABOVE = [
  'Prices of the contracts traded in the quarter are given below in the units',
  'of each exchange; the figures are monthly settlement averages.'
]
const BELOW = ['Source: exchange settlement reports, compiled by the statistics office.']

/**
 * A page with the table's cells each drawn as text of its own (one BT a cell, as a report writer
 * places them), between two paragraphs; `ruled` draws the grid's lines around every cell too.
 */
export function tablePdf(ruled: boolean): Uint8Array {
  const top = 700
  const rowHeight = 18
  const text: string[] = []
  ABOVE.forEach((line, i) => text.push(`BT /F1 10 Tf 72 ${760 - i * 13} Td ${literal(line)} Tj ET`))
  TABLE_ROWS.forEach((row, r) => {
    const y = top - r * rowHeight
    row.forEach((cell, c) => {
      const font = r === 0 ? 'F2' : 'F1'
      text.push(`BT /${font} 9 Tf ${COLUMNS[c]! + 3} ${y} Td ${literal(cell)} Tj ET`)
    })
  })
  const bottom = top - TABLE_ROWS.length * rowHeight
  BELOW.forEach((line, i) =>
    text.push(`BT /F1 10 Tf 72 ${bottom - 30 - i * 13} Td ${literal(line)} Tj ET`)
  )
  const rules: string[] = []
  if (ruled) {
    rules.push('0.5 w')
    for (let r = 0; r <= TABLE_ROWS.length; r++) {
      const y = top + rowHeight - 5 - r * rowHeight
      rules.push(`${COLUMNS[0]} ${y} m ${RIGHT} ${y} l S`)
    }
    for (const x of [...COLUMNS, RIGHT]) {
      rules.push(`${x} ${top + rowHeight - 5} m ${x} ${bottom + rowHeight - 5} l S`)
    }
  }
  return madePdf((doc) => {
    const resources = {
      Font: {
        F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
        F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
      }
    }
    return [{ content: [...rules, ...text].join('\n'), resources }]
  })
}

/**
 * The same table drawn a row at a time, its cells placed with TJ moves along one line of text
 * each (as a word processor sets tab stops): MuPDF reads each row as one line.
 */
export function tabbedTablePdf(): Uint8Array {
  const font = new mupdf.Font('Helvetica')
  const width = (s: string): number =>
    [...s].reduce((w, ch) => w + font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!)), 0) * 9
  const lines = TABLE_ROWS.map((row, r) => {
    const parts: string[] = []
    let x = COLUMNS[0]! + 3
    row.forEach((cell, c) => {
      const to = COLUMNS[c]! + 3
      if (c > 0) parts.push(String(Math.round(-((to - x) / 9) * 1000)))
      parts.push(literal(cell))
      x = to + width(cell)
    })
    return `BT /F1 9 Tf ${COLUMNS[0]! + 3} ${700 - r * 18} Td [${parts.join(' ')}] TJ ET`
  })
  const text = [
    ...ABOVE.map((line, i) => `BT /F1 10 Tf 72 ${760 - i * 13} Td ${literal(line)} Tj ET`),
    ...lines,
    ...BELOW.map((line, i) => `BT /F1 10 Tf 72 ${560 - i * 13} Td ${literal(line)} Tj ET`)
  ]
  return madePdf((doc) => [
    {
      content: text.join('\n'),
      resources: { Font: { F1: doc.addSimpleFont(font, 'Latin') } }
    }
  ])
}
