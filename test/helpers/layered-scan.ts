import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'

const WIDTH = 595
const HEIGHT = 842
const SIZE = 13
const LEADING = 19.5
const TOP = 720

/** A PDF string literal of Latin text (WinAnsi, as the simple fonts here are encoded). */
function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/** Lines set from the top left, one a row, in the font resource F1 at SIZE points. */
/** 300 dpi, in pixels per point. */
const SCAN_SCALE = 300 / 72

/** The printed document's first page as a grey 300 dpi scan, turned by `turn` degrees. */
function scanned(printed: mupdf.PDFDocument, turn = 0): mupdf.Pixmap {
  const matrix = mupdf.Matrix.concat(
    mupdf.Matrix.scale(SCAN_SCALE, SCAN_SCALE),
    mupdf.Matrix.rotate(turn)
  )
  return printed.loadPage(0).toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false)
}

function shownLines(lines: readonly string[]): string {
  return lines.map((line, i) => `1 0 0 1 56 ${TOP - i * LEADING} Tm ${literal(line)} Tj`).join('\n')
}

export type LayeredScan = Readonly<{
  /** The lines the scanned picture shows. */
  lines: readonly string[]
  /** An invisible text layer (render mode 3) over the picture, line by line where they stand. */
  layer?: readonly string[]
  /** A title drawn as real text above the lines, over the picture. */
  title?: string
}>

/**
 * An A4 page as a scanner and an OCR program or a publisher leave it: `lines` in Helvetica
 * drawn as a 300 dpi grey picture over the whole page, with an invisible OCR layer of `layer`
 * over the lines and a visible `title` in Helvetica-Bold at the top, either or both.
 */
export function writeLayeredScan(dir: string, name: string, scan: LayeredScan): string {
  const printed = new mupdf.PDFDocument()
  const font = { Font: { F1: printed.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
  const content = `BT /F1 ${SIZE} Tf\n${shownLines(scan.lines)}\nET`
  const page = printed.addPage([0, 0, WIDTH, HEIGHT], 0, printed.addObject(font), content)
  printed.insertPage(-1, page)
  const pixmap = scanned(printed)

  const doc = new mupdf.PDFDocument()
  const resources = doc.addObject({
    XObject: { Im1: doc.addImage(new mupdf.Image(pixmap)) },
    Font: {
      F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
      F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
    }
  })
  const parts = [`q ${WIDTH} 0 0 ${HEIGHT} 0 0 cm /Im1 Do Q`]
  if (scan.layer) parts.push(`BT 3 Tr /F1 ${SIZE} Tf\n${shownLines(scan.layer)}\nET`)
  if (scan.title !== undefined) {
    parts.push(`BT 0 Tr /F2 22 Tf 1 0 0 1 56 ${HEIGHT - 80} Tm ${literal(scan.title)} Tj ET`)
  }
  doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, resources, parts.join('\n')))
  const file = join(dir, name)
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

/** A line of a styled scan: where it stands (points from the top left) and in what type. */
export type ScannedLine = Readonly<{
  text: string
  x: number
  /** The baseline, in points from the top of the page. */
  y: number
  size: number
  bold?: boolean
}>

/**
 * Image-only A4 pages, one a list of lines, each set in Helvetica (Bold) at its size and place
 * and scanned at 300 dpi in grey: headings, folios and stamps as a scanner gives them. `turn`
 * turns the picture (MuPDF's Matrix.rotate) on a page of its size, as a page fed into the
 * scanner sideways or upside down.
 */
export function writeStyledScan(
  dir: string,
  name: string,
  pages: readonly (readonly ScannedLine[])[],
  turn = 0
): string {
  const doc = new mupdf.PDFDocument()
  for (const lines of pages) {
    const printed = new mupdf.PDFDocument()
    const fonts = {
      Font: {
        F1: printed.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
        F2: printed.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
      }
    }
    const shown = lines.map(
      (line) =>
        `/F${line.bold ? 2 : 1} ${line.size} Tf 1 0 0 1 ${line.x} ${HEIGHT - line.y} Tm ${literal(line.text)} Tj`
    )
    const content = `BT\n${shown.join('\n')}\nET`
    printed.insertPage(
      -1,
      printed.addPage([0, 0, WIDTH, HEIGHT], 0, printed.addObject(fonts), content)
    )
    const pixmap = scanned(printed, turn)
    const width = pixmap.getWidth() / SCAN_SCALE
    const height = pixmap.getHeight() / SCAN_SCALE
    const resources = doc.addObject({ XObject: { Im1: doc.addImage(new mupdf.Image(pixmap)) } })
    const scan = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`
    doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, scan))
  }
  const file = join(dir, name)
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}

/** Where writeTextAndPicture places its picture, in points from the top left of the page. */
export const PICTURE_BOX = [56, 400, 536, 480] as const

/**
 * An A4 page of real text (`lines` in Helvetica from the top) with a picture of more lines of
 * text (`pictured`, set in Helvetica and scanned at 300 dpi) at PICTURE_BOX: a figure whose
 * words no text layer holds.
 */
export function writeTextAndPicture(
  dir: string,
  name: string,
  lines: readonly string[],
  pictured: readonly string[]
): string {
  const [x0, y0, x1, y1] = PICTURE_BOX
  const printed = new mupdf.PDFDocument()
  const font = { Font: { F1: printed.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
  const rows = pictured.map(
    (line, i) => `1 0 0 1 8 ${y1 - y0 - 20 - i * LEADING} Tm ${literal(line)} Tj`
  )
  const drawn = `BT /F1 ${SIZE} Tf\n${rows.join('\n')}\nET`
  printed.insertPage(
    -1,
    printed.addPage([0, 0, x1 - x0, y1 - y0], 0, printed.addObject(font), drawn)
  )
  const pixmap = scanned(printed)

  const doc = new mupdf.PDFDocument()
  const resources = doc.addObject({
    XObject: { Im1: doc.addImage(new mupdf.Image(pixmap)) },
    Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') }
  })
  const content = [
    `BT /F1 ${SIZE} Tf\n${shownLines(lines)}\nET`,
    `q ${x1 - x0} 0 0 ${y1 - y0} ${x0} ${HEIGHT - y1} cm /Im1 Do Q`
  ].join('\n')
  doc.insertPage(-1, doc.addPage([0, 0, WIDTH, HEIGHT], 0, resources, content))
  const file = join(dir, name)
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
  return file
}
