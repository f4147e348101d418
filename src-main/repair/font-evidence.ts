import { codeGlyphNames } from '../extract/glyph-names.js'
import { mupdf } from '../extract/mupdf.js'
import { field } from '../extract/pdf-object.js'
import type { CodeEvidence } from './check-learned-map.js'
import type { FontDict } from './font-programs.js'

/** Each code is drawn alone in a cell this many points square, at half that size. */
const CELL = 64
const SIZE = CELL / 2
const PER_ROW = 16
/** A pixel darker than this (of 255) is ink. */
const INK = 128

/**
 * What a font dictionary itself says of each code (check-learned-map.ts): its glyph name (the
 * /Differences, else the program's built-in encoding), its /Widths entry for a simple font, and
 * whether its glyph draws ink when drawn alone, away from any neighbour that could lean into it.
 */
export function fontEvidence(dict: FontDict, codes: readonly number[]): Map<number, CodeEvidence> {
  const names = glyphNames(dict.ref)
  const widths = simpleWidths(dict.ref)
  const inked = drawnAlone(dict, codes)
  const evidence = new Map<number, CodeEvidence>()
  for (const code of codes) {
    evidence.set(code, { name: names.get(code), width: widths.get(code), inked: inked.get(code) })
  }
  return evidence
}

function glyphNames(font: mupdf.PDFObject): Map<number, string> {
  if (field(font, 'Subtype').asName() === 'Type0') return new Map()
  return codeGlyphNames(font)
}

function simpleWidths(font: mupdf.PDFObject): Map<number, number> {
  const widths = new Map<number, number>()
  const first = field(font, 'FirstChar')
  const list = field(font, 'Widths')
  if (!first.isNumber() || !list.isArray()) return widths
  for (let i = 0; i < list.length; i++) {
    const width = list.get(i)
    if (width.isNumber()) widths.set(first.asNumber() + i, width.asNumber())
  }
  return widths
}

/** Whether each code's glyph puts ink on a page of its own; empty if the font cannot be drawn. */
function drawnAlone(dict: FontDict, codes: readonly number[]): Map<number, boolean> {
  const inked = new Map<number, boolean>()
  if (codes.length === 0) return inked
  const digits = dict.program.width * 2
  const rows = Math.ceil(codes.length / PER_ROW)
  const doc = new mupdf.PDFDocument()
  try {
    const resources = doc.addObject({ Font: { F: doc.graftObject(dict.ref) } })
    const content = codes
      .map((code, i) => {
        const x = (i % PER_ROW) * CELL + SIZE / 2
        const y = (rows - 1 - Math.floor(i / PER_ROW)) * CELL + SIZE / 2
        const hex = code.toString(16).padStart(digits, '0')
        return `BT /F ${SIZE} Tf ${x} ${y} Td <${hex}> Tj ET`
      })
      .join('\n')
    doc.insertPage(-1, doc.addPage([0, 0, PER_ROW * CELL, rows * CELL], 0, resources, content))
    const page = doc.loadPage(0)
    try {
      const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceGray, false, true)
      try {
        const pixels = pixmap.getPixels()
        const stride = pixmap.getStride()
        codes.forEach((code, i) => {
          const left = (i % PER_ROW) * CELL
          const top = Math.floor(i / PER_ROW) * CELL
          inked.set(code, hasInk(pixels, stride, left, top))
        })
      } finally {
        pixmap.destroy()
      }
    } finally {
      page.destroy()
    }
  } catch {
    // A font MuPDF cannot draw alone gives no ink evidence; names and widths still count.
    inked.clear()
  } finally {
    doc.destroy()
  }
  return inked
}

function hasInk(pixels: Uint8ClampedArray, stride: number, left: number, top: number): boolean {
  for (let y = top; y < top + CELL; y++) {
    for (let x = left; x < left + CELL; x++) if ((pixels[y * stride + x] ?? 255) < INK) return true
  }
  return false
}
