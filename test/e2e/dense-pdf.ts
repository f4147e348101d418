import { writeFileSync } from 'node:fs'
import { mupdf } from '../../src-main/extract/mupdf.js'

/**
 * A page of `columns × rows` separate text blocks ("cell N"), drawn column by column so that
 * MuPDF starts a new block for every cell: the stress case of the review screen.
 */
export function writeDensePdf(file: string, columns = 20, rows = 40): number {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const resources = doc.addObject({ Font: { F1: font } })
  const width = 40 + columns * 59
  const height = 60 + rows * 41
  const ops: string[] = []
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      ops.push(
        `BT /F1 7 Tf ${20 + c * 59} ${height - 30 - r * 41} Td (cell ${r * columns + c}) Tj ET`
      )
    }
  }
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, ops.join('\n')))
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return columns * rows
}
