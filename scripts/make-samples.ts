/**
 * Generates the sample corpus the app opens on first start (run: npx tsx scripts/make-samples.ts).
 * Every page is drawn here with MuPDF, so the samples carry no third-party content; each one
 * shows a failure Recto flags. The PDFs are committed; this script is needed only to change them.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { mupdf } from '../src-main/extract/mupdf.js'

type Box = [number, number, number, number]
const A4: Box = [0, 0, 595, 842]

const out = (name: string): string =>
  fileURLToPath(new URL(`../resources/samples/${name}`, import.meta.url))

const PARAGRAPHS = [
  'Every page of a PDF is a list of drawing instructions. Text comes out of it only because an extractor guesses where words begin, which line follows which, and what each glyph stands for. Most pages survive those guesses; some do not, and nothing downstream notices.',
  'A reviewer who sees the page beside its text can tell at once whether the columns were read in the right order, whether a header crept into the body, and whether a word was split by a hyphen at the end of a line.',
  'The checks run on every page and send only the doubtful ones to a person. A scanned page has no text at all, a font without a map to Unicode yields letters that look plausible and mean nothing, and a running footer repeats on every page of a report.',
  'Corrections are saved as revisions, so nothing is ever lost, and approved pages become gold transcriptions that score any extractor by its character error rate.'
]

const SECOND_COLUMN = [
  'Two columns are the classic trap. An extractor that reads straight across the page joins the first line of the left column to the first line of the right one, and the result reads almost like prose until the argument stops making sense.',
  'The fix is to find the gutter: a vertical band of white space that runs from the top of the columns to their foot. Blocks left of it come first, then the blocks right of it, and a title that spans both stays on top.',
  'Tables, footnotes and captions complicate the picture, which is why every reconstructed order is flagged for a glance before it becomes gold.'
]

/** Widths come from the font itself, so lines fill the column as a typesetter would fill them. */
function wrap(font: mupdf.Font, size: number, text: string, width: number): string[] {
  const advance = (s: string): number =>
    [...s].reduce((w, ch) => w + font.advanceGlyph(font.encodeCharacter(ch)) * size, 0)
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (line && advance(next) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/** Content-stream operators for a block of text lines, top-left at (x, top) in PDF space. */
function textBlock(
  font: string,
  size: number,
  lines: readonly string[],
  x: number,
  top: number,
  encode: (s: string) => string = literal
): string {
  const leading = size * 1.25
  const ops = [`BT /${font} ${size} Tf ${leading} TL ${x} ${top - size} Td`]
  lines.forEach((line, i) => ops.push(`${i === 0 ? '' : 'T* '}${encode(line)} Tj`))
  ops.push('ET')
  return ops.join('\n')
}

function save(doc: mupdf.PDFDocument, name: string): void {
  writeFileSync(out(name), doc.saveToBuffer('compress,garbage=4').asUint8Array())
}

function simpleFonts(doc: mupdf.PDFDocument) {
  const body = new mupdf.Font('Times-Roman')
  const bold = new mupdf.Font('Helvetica-Bold')
  const resources = doc.addObject({
    Font: { F1: doc.addSimpleFont(body, 'Latin'), F2: doc.addSimpleFont(bold, 'Latin') }
  })
  return { body, bold, resources }
}

const NEXT_PAGE_LEFT = [
  'Running heads and page numbers are the other quiet intruders. They repeat on every page, so a reader skips them without a thought, but an extractor copies them into the middle of a sentence that runs on from one page to the next.',
  'The edges of all pages of a document are compared: text that comes back at the same height on page after page, with only its digits changed, is a running head or a folio, and it is left out of the text.',
  'Footnotes are a harder case than heads: they belong to the page, yet a sentence that runs on from one column into the next must not be cut by them.'
]

const NEXT_PAGE_RIGHT = [
  'A reviewer can take such a block back in with a single key, or leave out a block the engine kept, such as a stamp or a stray caption. Either choice is a revision like any other and can be undone.',
  'When the page reads as it should, the reviewer approves it, and its text joins the gold set that measures the next extractor.',
  'Every decision stays in view: the flags that sent a page to review are listed beside it, and the text shows what changed since it was extracted.'
]

const RUNNING_HEAD = 'Recto sample article - Notes on text extraction'

/** Two columns of paragraphs from `top` down, as content-stream operators. */
function columns(
  body: mupdf.Font,
  left: readonly string[],
  right: readonly string[],
  top: number
): string[] {
  const columnWidth = 225
  const column = (paragraphs: readonly string[], x: number): string[] => {
    let y = top
    return paragraphs.map((paragraph) => {
      const lines = wrap(body, 10, paragraph, columnWidth)
      const ops = textBlock('F1', 10, lines, x, y)
      y -= lines.length * 12.5 + 10
      return ops
    })
  }
  return [...column(left, 60), ...column(right, 310)]
}

/**
 * A two-page article: a full-width title over two columns, a running head and a page number on
 * each page. The first reading order interleaves the columns; the head and the number repeat.
 */
function twoColumnArticle(): void {
  const doc = new mupdf.PDFDocument()
  const { body, bold, resources } = simpleFonts(doc)
  const pages = [
    [
      textBlock('F2', 20, wrap(bold, 20, 'Reading order on a two-column page', 475), 60, 770),
      ...columns(body, PARAGRAPHS.slice(0, 3), SECOND_COLUMN, 720)
    ],
    columns(body, NEXT_PAGE_LEFT, NEXT_PAGE_RIGHT, 770)
  ]
  pages.forEach((content, i) => {
    const ops = [textBlock('F1', 9, [RUNNING_HEAD], 60, 815), ...content]
    ops.push(textBlock('F1', 9, [String(i + 1)], 295, 40))
    doc.insertPage(-1, doc.addPage(A4, 0, resources, ops.join('\n')))
  })
  save(doc, 'two-column-article.pdf')
}

/** A page that is only a picture of text, as a scanner makes it: no text layer at all. */
function scannedPage(): void {
  const source = new mupdf.PDFDocument()
  const { body, resources } = simpleFonts(source)
  const page: Box = [0, 0, 420, 298]
  const ops = [textBlock('F2', 16, ['A scanned letter'], 30, 270)]
  ops.push(textBlock('F1', 12, wrap(body, 12, PARAGRAPHS[2] ?? '', 360), 30, 235))
  source.insertPage(-1, source.addPage(page, 0, resources, ops.join('\n')))
  const dpi = 110
  const pixmap = source
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false)
  const scan = new mupdf.PDFDocument()
  const image = scan.addImage(new mupdf.Image(pixmap.asJPEG(60)))
  const scanResources = scan.addObject({ XObject: { Im1: image } })
  scan.insertPage(-1, scan.addPage(page, 0, scanResources, `q 420 0 0 298 0 0 cm /Im1 Do Q`))
  save(scan, 'scanned-page.pdf')
}

/**
 * Text in an embedded font whose /ToUnicode map was deleted after writing: MuPDF can only report
 * U+FFFD for its glyph ids, as with many PDFs made by old print drivers.
 */
function brokenFontMap(): void {
  const doc = new mupdf.PDFDocument()
  const font = new mupdf.Font('Times-Roman')
  const ref = doc.addFont(font)
  const { bold } = simpleFonts(doc)
  const glyphs = (s: string): string =>
    '<' + [...s].map((ch) => font.encodeCharacter(ch).toString(16).padStart(4, '0')).join('') + '>'
  const ops = [textBlock('F2', 16, ['Minutes of the annual meeting'], 60, 780)]
  ops.push(textBlock('F3', 11, wrap(font, 11, PARAGRAPHS.join(' '), 470), 60, 740, glyphs))
  const resources = doc.addObject({
    Font: { F2: doc.addSimpleFont(bold, 'Latin'), F3: ref }
  })
  doc.insertPage(-1, doc.addPage(A4, 0, resources, ops.join('\n')))
  doc.subsetFonts()
  ref.delete('ToUnicode')
  save(doc, 'broken-font-map.pdf')
}

const REPORT_SECTIONS = ['Why pages fail', 'What the checks look at', 'What the reviewer does']

/**
 * Three pages with the same running header and a page-number footer. Each page has its own
 * section title and starts with another paragraph: only the header and footer repeat.
 */
function runningHeaders(): void {
  const doc = new mupdf.PDFDocument()
  const { body, resources } = simpleFonts(doc)
  const pages = 3
  for (let n = 1; n <= pages; n++) {
    const ops = [
      textBlock('F1', 9, ['Recto sample report - Quarterly review of extraction'], 60, 810)
    ]
    ops.push(textBlock('F2', 14, [`Section ${n}: ${REPORT_SECTIONS[n - 1]}`], 60, 760))
    let top = 730
    for (const paragraph of [...PARAGRAPHS.slice(n - 1), ...PARAGRAPHS.slice(0, n - 1)]) {
      const lines = wrap(body, 11, paragraph, 475)
      ops.push(textBlock('F1', 11, lines, 60, top))
      top -= lines.length * 13.75 + 12
    }
    ops.push(textBlock('F1', 9, [`Page ${n} of ${pages}`], 270, 40))
    doc.insertPage(-1, doc.addPage(A4, 0, resources, ops.join('\n')))
  }
  save(doc, 'running-headers.pdf')
}

twoColumnArticle()
scannedPage()
brokenFontMap()
runningHeaders()
