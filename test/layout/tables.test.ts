import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { analysisOfBytes, madePdf } from '../helpers/made-pdf.js'
import { TABLE_ROWS, tabbedTablePdf, tablePdf } from '../helpers/table-pdf.js'

function pageOf(bytes: Uint8Array) {
  return analysisOfBytes(bytes).pages[0]!.analysis
}

/** The table's rows as `recto text` must give them: a row a line, cells parted by tabs. */
const ROWS_AS_TEXT = TABLE_ROWS.map((row) => row.join('\t')).join('\n')

/**
 * A chart's lettering: 45 rows of 20 tick values, each drawn as a text object of its own (900
 * cells in rows and columns), under a paragraph of body text.
 */
function denseFigurePdf(): Uint8Array {
  const body = [
    'The chart below plots the settlement prices of every contract on each trading day of',
    'the quarter; its axes carry the day numbers and the price steps of each exchange.'
  ].map((line, i) => `BT /F1 10 Tf 72 ${780 - i * 13} Td (${line}) Tj ET`)
  const ticks: string[] = []
  for (let r = 0; r < 45; r++) {
    for (let c = 0; c < 20; c++) {
      const value = (((r * 20 + c) % 97) / 10).toFixed(1)
      ticks.push(`BT /F1 8 Tf ${60 + c * 24} ${700 - r * 14} Td (${value}) Tj ET`)
    }
  }
  return madePdf((doc) => [
    {
      content: [...body, ...ticks].join('\n'),
      resources: { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    }
  ])
}

describe('tables read row by row', () => {
  it('reads a ruled table one row a line, its cells in order parted by tabs', () => {
    const page = pageOf(tablePdf(true))
    expect(page.text).toContain(`averages.\n\n${ROWS_AS_TEXT}\n\nSource:`)
    const flag = page.flags.find((f) => f.code === 'table')
    expect(flag).toMatchObject({
      severity: 'info',
      message: '1 table read a row a line (6 rows, 5 columns)'
    })
  })

  it('reads an unruled table of aligned columns the same way', () => {
    expect(pageOf(tablePdf(false)).text).toContain(ROWS_AS_TEXT)
  })

  it('reads a table whose rows are each one line of text with tab-stop moves', () => {
    expect(pageOf(tabbedTablePdf()).text).toContain(ROWS_AS_TEXT)
  })

  it('leaves a dense figure as text instead of a thousand-cell table', () => {
    const page = pageOf(denseFigurePdf())
    expect(page.text).not.toContain('\t')
    // MuPDF gives the ticks as one block of rows, which the table check notes as such.
    const flag = page.flags.find((f) => f.code === 'table')
    expect(flag?.evidence).toMatchObject({ tableBlocks: [1], tables: [] })
  })
})
