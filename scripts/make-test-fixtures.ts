/**
 * Regenerates the small PDFs under test/fixtures/ (run: npx tsx scripts/make-test-fixtures.ts).
 * The tests read the committed files; this script is needed only to change them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { mupdf } from '../src-main/extract/mupdf.js'

const out = (name: string): string =>
  fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url))
const corpus = (name: string): string =>
  fileURLToPath(new URL(`../../shared/corpus/pdf/${name}`, import.meta.url))

const A4: [number, number, number, number] = [0, 0, 595, 842]

function save(doc: mupdf.PDFDocument, name: string): void {
  writeFileSync(out(name), doc.saveToBuffer('compress,garbage=4').asUint8Array())
}

function emptyPage(): void {
  const doc = new mupdf.PDFDocument()
  doc.insertPage(-1, doc.addPage(A4, 0, {}, ''))
  save(doc, 'pdfs/empty-page.pdf')
}

/**
 * "A𝐀B" drawn with Helvetica codes A, B, C, whose /ToUnicode maps B to U+1D400 (MATHEMATICAL
 * BOLD CAPITAL A), beyond the BMP; plus a second line in render mode 3 (invisible).
 */
function nonBmpAndInvisible(): void {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Recto-Test def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '3 beginbfchar <41> <0041> <42> <D835DC00> <43> <0042> endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end'
  ].join('\n')
  font.put('ToUnicode', doc.addStream(cmap, {}))
  const content = [
    'BT /F1 24 Tf 72 760 Td (ABC) Tj ET',
    'BT 3 Tr /F1 12 Tf 72 700 Td (CAB hidden) Tj ET'
  ].join('\n')
  const resources = doc.addObject({ Font: { F1: font } })
  doc.insertPage(-1, doc.addPage(A4, 0, resources, content))
  save(doc, 'pdfs/non-bmp-invisible.pdf')
}

/**
 * A Type3 font whose only glyph is named g7 and which has no /ToUnicode: MuPDF reports the
 * character code ("A") as the character, plausible and wrong.
 */
function type3OpaqueNames(): void {
  const doc = new mupdf.PDFDocument()
  const glyph = doc.addStream('500 0 0 0 500 700 d1 0 0 500 700 re f', {})
  const font = doc.addObject({
    Type: 'Font',
    Subtype: 'Type3',
    FontBBox: [0, 0, 500, 700],
    FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    CharProcs: { g7: glyph },
    Encoding: { Type: 'Encoding', Differences: [65, 'g7'] },
    FirstChar: 65,
    LastChar: 65,
    Widths: [500]
  })
  const resources = doc.addObject({ Font: { T1: font } })
  doc.insertPage(-1, doc.addPage(A4, 0, resources, 'BT /T1 20 Tf 72 760 Td (AAAA AAA) Tj ET'))
  save(doc, 'pdfs/type3-opaque-names.pdf')
}

/**
 * Three Helvetica pages, "Page one/two/three of the damaged page test"; page 2's /Contents points
 * at a number instead of a stream, so reading the page throws "object is not a stream". With
 * `every`, all three pages are damaged alike.
 */
function damagedPages(name: string, every: boolean): void {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const resources = doc.addObject({ Font: { F1: font } })
  const words = ['one', 'two', 'three']
  words.forEach((word, i) => {
    const content = `BT /F1 12 Tf 72 760 Td (Page ${word} of the damaged page test) Tj ET`
    doc.insertPage(-1, doc.addPage(A4, 0, resources, content))
    if (every || i === 1) doc.findPage(i).put('Contents', doc.addObject(42))
  })
  save(doc, name)
}

/**
 * Page 1 reads "Page one of the undecodable page test"; page 2's content stream claims
 * /FlateDecode but holds bytes that do not inflate, so MuPDF reads nothing there and only warns
 * ("zlib error"); page 3 is blank (an empty content stream), which MuPDF reads without a word.
 */
function undecodablePage(): void {
  const doc = new mupdf.PDFDocument()
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
  const resources = doc.addObject({ Font: { F1: font } })
  const text = 'BT /F1 12 Tf 72 760 Td (Page one of the undecodable page test) Tj ET'
  doc.insertPage(-1, doc.addPage(A4, 0, resources, text))
  doc.insertPage(-1, doc.addPage(A4, 0, resources, ''))
  doc.insertPage(-1, doc.addPage(A4, 0, resources, ''))
  const garbage = 'This is not zlib data, though the stream says it is.'
  doc.findPage(1).put('Contents', doc.addRawStream(garbage, { Filter: 'FlateDecode' }))
  save(doc, 'pdfs/undecodable-page.pdf')
}

function badInputs(): void {
  writeFileSync(
    out('bad/web-page.pdf'),
    '<!DOCTYPE html>\n<html><head><title>Not a PDF</title></head><body><p>Saved from a browser.</p></body></html>\n'
  )
  writeFileSync(out('bad/notes.pdf'), 'Plain text notes that someone named .pdf.\n')
  const source = readFileSync(corpus('pdfminer__dmca.pdf'))
  writeFileSync(out('bad/truncated.pdf'), source.subarray(0, 20_000))
}

mkdirSync(out('pdfs'), { recursive: true })
mkdirSync(out('bad'), { recursive: true })
emptyPage()
nonBmpAndInvisible()
type3OpaqueNames()
damagedPages('pdfs/damaged-page.pdf', false)
damagedPages('bad/all-pages-damaged.pdf', true)
undecodablePage()
badInputs()
