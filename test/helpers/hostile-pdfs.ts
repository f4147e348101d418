import { mupdf } from '../../src-main/extract/mupdf.js'

/**
 * Small reproducers of what the fuzzer (scripts/fuzz/) found, made here with MuPDF so that the
 * tests show the trap itself and not a mutated corpus file.
 */

const A4: [number, number, number, number] = [0, 0, 595, 842]

/** A one-page Helvetica document whose page says `lines`, one per line, from the top. */
export function textDocument(lines: readonly string[]): mupdf.PDFDocument {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const resources = doc.addObject({ Font: { F1: font } })
  const content = lines
    .map((line, i) => `BT /F1 12 Tf 72 ${760 - i * 40} Td (${line}) Tj ET`)
    .join('\n')
  doc.insertPage(-1, doc.addPage(A4, 0, resources, content))
  return doc
}

export function saved(doc: mupdf.PDFDocument): Uint8Array {
  try {
    return doc.saveToBuffer('').asUint8Array().slice()
  } finally {
    doc.destroy()
  }
}

/**
 * Article threads that never end where a reader expects: `threads` threads all starting at one
 * bead whose /N leads to a bead linking to itself, so no ring ever returns to its first bead
 * (fuzz seed 1, mutant 41: a page took longer than 15 s, up to 10 000 links per thread).
 */
export function threadTrapPdf(threads: number): Uint8Array {
  const doc = textDocument(['First line of the article', 'Second line of the article'])
  const page = doc.findPage(0)
  const loop = doc.addObject({ P: page, R: [0, 0, 595, 842] })
  loop.put('N', loop)
  const first = doc.addObject({ P: page, R: [0, 0, 595, 842], N: loop })
  const list = doc.newArray()
  for (let i = 0; i < threads; i++) list.push(doc.addObject({ F: first }))
  doc.getTrailer().get('Root').put('Threads', list)
  return saved(doc)
}
