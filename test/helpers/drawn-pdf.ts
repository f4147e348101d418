import { mupdf } from '../../src-main/extract/mupdf.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument, type DocumentAnalysis } from '../../src-main/analysis/analyze-document.js'

/** A run of text drawn at (x, y) from the page's bottom left, in PDF units. */
export type Run = Readonly<{
  x: number
  y: number
  text: string
  size?: number
  /**
   * `bold` is the document's family's bold, `mono` Courier, `korean` MuPDF's built-in Hangul
   * font; the family's regular otherwise.
   */
  font?: 'bold' | 'mono' | 'korean'
  /** Degrees counter-clockwise the text is turned on the page. */
  angle?: number
  /** Extra width of each space (PDF Tw), to justify a line. */
  wordSpacing?: number
}>

/** A rectangle drawn under the text, from its bottom left at (x, y): a box's frame or shading. */
export type Frame = Readonly<{
  x: number
  y: number
  width: number
  height: number
  /** Grey level (0 black, 1 white) the rectangle is filled with; stroked in black otherwise. */
  fill?: number
}>

/** A base-14 family whose regular and bold a page is set in. */
export type Family = 'Helvetica' | 'Times' | 'Courier'

export type DrawnPage = Readonly<{
  width?: number
  height?: number
  /** The page's /Rotate: how the viewer turns the page for display. */
  rotate?: 0 | 90 | 180 | 270
  /** Drawn in this order: the content stream's order, not necessarily the reading order. */
  runs: readonly Run[]
  /** Drawn before the text, so that a shaded box lies under its lines. */
  frames?: readonly Frame[]
}>

const FACES: Record<Family, readonly [string, string]> = {
  Helvetica: ['Helvetica', 'Helvetica-Bold'],
  Times: ['Times-Roman', 'Times-Bold'],
  Courier: ['Courier', 'Courier-Bold']
}
const fonts = new Map<string, mupdf.Font>()
const hangul = new mupdf.Font('ko')

function face(family: Family, bold: boolean): mupdf.Font {
  const name = FACES[family][bold ? 1 : 0]
  let font = fonts.get(name)
  if (!font) fonts.set(name, (font = new mupdf.Font(name)))
  return font
}

/** Width of `text` set in `family` (or its bold) at `size`, from MuPDF's own metrics. */
export function textWidth(
  text: string,
  size: number,
  bold = false,
  family: Family = 'Helvetica'
): number {
  const font = face(family, bold)
  let em = 0
  for (const ch of text) em += font.advanceGlyph(font.encodeCharacter(ch.codePointAt(0)!))
  return em * size
}

/** `text` broken into lines no wider than `width` at `size`, at spaces. */
export function wrap(
  text: string,
  width: number,
  size: number,
  bold = false,
  family: Family = 'Helvetica'
): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`
    if (line !== '' && textWidth(next, size, bold, family) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line !== '') lines.push(line)
  return lines
}

/**
 * Runs for `text` wrapped into a column `width` wide whose first baseline is at `top`, every
 * line but the last justified to the column's width.
 */
export function column(
  text: string,
  x: number,
  top: number,
  width: number,
  size = 10,
  leading = size * 1.2,
  family: Family = 'Helvetica'
): Run[] {
  const lines = wrap(text, width, size, false, family)
  return lines.map((line, i) => {
    const spaces = line.split(' ').length - 1
    const wordSpacing =
      i < lines.length - 1 && spaces > 0
        ? (width - textWidth(line, size, false, family)) / spaces
        : 0
    return { x, y: top - i * leading, text: line, size, wordSpacing }
  })
}

const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`

/** UTF-16BE hex, the encoding of MuPDF's CJK fonts (UniKS-UTF16-H for Korean). */
const utf16 = (text: string): string =>
  '<' +
  [...text]
    .map((ch) => {
      const c = ch.codePointAt(0)!
      if (c < 0x10000) return c.toString(16).padStart(4, '0')
      const v = c - 0x10000
      return [0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff)].map((u) => u.toString(16)).join('')
    })
    .join('') +
  '>'

const MATRIX: Record<number, string> = {
  0: '1 0 0 1',
  90: '0 1 -1 0',
  180: '-1 0 0 -1',
  270: '0 -1 1 0'
}

/** The text matrix's turn: exact for quarter turns, to 4 places for any other angle. */
function turn(angle: number): string {
  const exact = MATRIX[angle]
  if (exact) return exact
  const [c, s] = [Math.cos, Math.sin].map((f) => f((angle * Math.PI) / 180).toFixed(4))
  return `${c} ${s} ${-Number(s)} ${c}`
}

function framing(frames: readonly Frame[]): string {
  return frames
    .map(({ x, y, width, height, fill }) =>
      fill === undefined
        ? `q 0.8 w 0 G ${x} ${y} ${width} ${height} re S Q`
        : `q ${fill} g ${x} ${y} ${width} ${height} re f Q`
    )
    .join('\n')
}

function content(runs: readonly Run[]): string {
  return runs
    .map((r) => {
      const font =
        r.font === 'bold' ? 'F2' : r.font === 'mono' ? 'F3' : r.font === 'korean' ? 'K1' : 'F1'
      const text = r.font === 'korean' ? utf16(r.text) : literal(r.text)
      // Word spacing is text state, kept from one text object to the next: always set.
      const tw = `${(r.wordSpacing ?? 0).toFixed(3)} Tw `
      return `BT /${font} ${r.size ?? 10} Tf ${tw}${turn(r.angle ?? 0)} ${r.x} ${r.y} Tm ${text} Tj ET`
    })
    .join('\n')
}

/**
 * A PDF of the pages, drawn with MuPDF: the text of each run where and in the order it says,
 * set in `family`.
 */
export function drawnPdf(pages: readonly DrawnPage[], family: Family = 'Helvetica'): Uint8Array {
  const doc = new mupdf.PDFDocument()
  const resources = doc.addObject({
    Font: {
      F1: doc.addSimpleFont(face(family, false), 'Latin'),
      F2: doc.addSimpleFont(face(family, true), 'Latin'),
      F3: doc.addSimpleFont(face('Courier', false), 'Latin'),
      K1: doc.addCJKFont(hangul, 'ko', 0, false)
    }
  })
  for (const page of pages) {
    const box: [number, number, number, number] = [0, 0, page.width ?? 612, page.height ?? 792]
    const frames = framing(page.frames ?? [])
    const drawn = frames === '' ? content(page.runs) : `${frames}\n${content(page.runs)}`
    doc.insertPage(-1, doc.addPage(box, page.rotate ?? 0, resources, drawn))
  }
  return doc.saveToBuffer('compress').asUint8Array()
}

/** Every page of a drawn PDF, extracted and analysed as `recto text` and `recto check` do. */
export function analysisOfDrawn(
  pages: readonly DrawnPage[],
  family: Family = 'Helvetica'
): DocumentAnalysis {
  const file = openPdf(drawnPdf(pages, family))
  try {
    return analyzeDocument(file)
  } finally {
    closePdf(file)
  }
}
