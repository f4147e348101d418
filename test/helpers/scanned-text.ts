import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../../src-main/extract/mupdf.js'

/** Helvetica (MuPDF's Nimbus Sans, which has every Latin letter with its accents), or MuPDF's own CJK fonts. */
export type TextFont = 'Helvetica' | CjkFont
type CjkFont = 'zh-Hans' | 'zh-Hant' | 'ja' | 'ko'

const CJK: readonly string[] = ['zh-Hans', 'zh-Hant', 'ja', 'ko'] satisfies CjkFont[]
const isCjk = (font: TextFont): font is CjkFont => CJK.includes(font)

/** How a page is set beyond its lines: cut to fit them, under a heading half as large again. */
export type PageLayout = Readonly<{ fit?: boolean; heading?: string }>

/**
 * A page 595 pt wide with `lines` set from its top left in `font`, as a PDF with a real text
 * layer: A4, or with `fit` only as tall as the lines need (OCR reads it in a fraction of the time).
 */
function textPage(
  lines: readonly string[],
  font: TextFont,
  size: number,
  { fit = false, heading }: PageLayout = {}
): mupdf.PDFDocument {
  const headingSize = size * 1.5
  const headingDepth = heading === undefined ? 0 : headingSize * 1.6
  const height = fit ? Math.ceil(headingDepth + lines.length * size * 1.5 + 2 * MARGIN) : 842
  const top = fit ? height - MARGIN - size : 770
  const doc = new mupdf.PDFDocument()
  const face = new mupdf.Font(font)
  const cjk = isCjk(font)
  const ref = isCjk(font) ? doc.addCJKFont(face, font, 0, false) : doc.addFont(face)
  const resources = doc.addObject({ Font: { F1: ref } })
  // CJK fonts take Unicode (over the Adobe order's Unicode CMap), others glyph ids. The CJK
  // font's widths are all one em: each letter is drawn at its own advance instead, as a
  // typesetter would (a Korean space is a third of an em, not a whole one).
  const shown = (line: string, y: number) => {
    const shows = [...line].map((ch) => {
      const code = ch.codePointAt(0)!
      const glyph = face.encodeCharacter(code)
      const hex = (cjk ? code : glyph).toString(16).padStart(4, '0')
      const tighten = cjk ? Math.round(1000 - face.advanceGlyph(glyph) * 1000) : 0
      return `<${hex}> ${tighten}`
    })
    return `1 0 0 1 56 ${y} Tm [${shows.join(' ')}] TJ`
  }
  const body = lines.map((line, i) => shown(line, top - headingDepth - i * size * 1.5))
  const title = heading === undefined ? [] : [`/F1 ${headingSize} Tf`, shown(heading, top)]
  const content = ['BT', ...title, `/F1 ${size} Tf`, ...body, 'ET'].join('\n')
  doc.insertPage(-1, doc.addPage([0, 0, 595, height], 0, resources, content))
  return doc
}

/** Space above the first line and below the last of a page cut to fit its lines. */
const MARGIN = 36

/**
 * `page` as a scanner would give it: drawn at `dpi` in grey, the picture turned by `turn` degrees
 * (MuPDF's Matrix.rotate: the page lies on its side inside the image, with no /Rotate), and put
 * alone on a page of the picture's size. No text layer.
 */
export function scannedPdf(page: mupdf.Page, turn = 0, dpi = 300): Uint8Array {
  const matrix = mupdf.Matrix.concat(
    mupdf.Matrix.scale(dpi / 72, dpi / 72),
    mupdf.Matrix.rotate(turn)
  )
  const pixmap = page.toPixmap(matrix, mupdf.ColorSpace.DeviceGray, false)
  const width = (pixmap.getWidth() * 72) / dpi
  const height = (pixmap.getHeight() * 72) / dpi
  const doc = new mupdf.PDFDocument()
  const image = doc.addImage(new mupdf.Image(pixmap))
  const resources = doc.addObject({ XObject: { Im1: image } })
  const content = `q ${width} 0 0 ${height} 0 0 cm /Im1 Do Q`
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, resources, content))
  return doc.saveToBuffer('compress').asUint8Array()
}

/**
 * `lines` scanned: an image-only page (turned by `turn` inside its image), written to `dir`; A4,
 * or as `layout` says.
 */
export function writeScannedText(
  dir: string,
  name: string,
  lines: readonly string[],
  font: TextFont,
  turn = 0,
  layout: PageLayout = {}
): string {
  const file = join(dir, name)
  const size = isCjk(font) ? 16 : 13
  writeFileSync(file, scannedPdf(textPage(lines, font, size, layout).loadPage(0), turn))
  return file
}
