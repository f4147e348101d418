import type { Overdraw } from '../shared/layout.js'
import { mupdf } from './mupdf.js'
import type { PdfFile } from './open.js'
import { field } from './pdf-object.js'
import type { PageResources } from './resources.js'

type PDFObject = mupdf.PDFObject

/**
 * A copy counts as the same drawing when its origin is within a tenth of the font size of the
 * first one, MuPDF's own fake-bold distance (FAKE_BOLD_MAX_DIST in stext-device.c). issue-71's
 * copies sit 0.03 em to the left.
 */
const NEAR = 0.1
/** Grid cell of the neighbour search, in points; the distance is capped to it. */
const CELL = 4
const SAMPLE_LENGTH = 40
/** Number trees are shallow; a deeper one is a cycle in a damaged file. */
const MAX_DEPTH = 32

function numberTreeGet(node: PDFObject, key: number, depth = 0): PDFObject | null {
  if (depth > MAX_DEPTH || !node.isDictionary()) return null
  const nums = node.get('Nums')
  if (nums.isArray()) {
    for (let i = 0; i + 1 < nums.length; i += 2) {
      const k = nums.get(i)
      if (k.isNumber() && k.asNumber() === key) return nums.get(i + 1)
    }
    return null
  }
  const kids = node.get('Kids')
  if (!kids.isArray()) return null
  for (let i = 0; i < kids.length; i++) {
    const kid = kids.get(i)
    const limits = field(kid, 'Limits')
    if (limits.isArray() && limits.length === 2) {
      const low = limits.get(0)
      const high = limits.get(1)
      if (low.isNumber() && key < low.asNumber()) continue
      if (high.isNumber() && key > high.asNumber()) continue
    }
    const found = numberTreeGet(kid, key, depth + 1)
    if (found) return found
  }
  return null
}

/** A structure element of the page's marked content carries /ActualText (MuPDF applies it). */
function structureActualText(file: PdfFile, page: mupdf.PDFPage): boolean {
  const key = page.getObject().get('StructParents')
  if (!key.isNumber()) return false
  const root = field(file.pdf.getTrailer(), 'Root')
  const tree = field(field(root, 'StructTreeRoot'), 'ParentTree')
  const elements = numberTreeGet(tree, key.asNumber())
  if (!elements?.isArray()) return false
  for (let i = 0; i < elements.length; i++) {
    const element = elements.get(i)
    if (element.isDictionary() && !element.get('ActualText').isNull()) return true
  }
  return false
}

function isBlank(codePoint: number): boolean {
  return codePoint < 0 || codePoint > 0x10ffff || /^\s$/u.test(String.fromCodePoint(codePoint))
}

/** Origins of the glyphs drawn so far, by glyph and grid cell. */
class GlyphOrigins {
  private readonly cells = new Map<string, number[]>()

  /** Whether the same glyph was drawn within `near` of (x, y) before; records it if not. */
  drawnBefore(glyph: string, x: number, y: number, near: number): boolean {
    const cx = Math.floor(x / CELL)
    const cy = Math.floor(y / CELL)
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const points = this.cells.get(`${glyph}:${cx + dx}:${cy + dy}`) ?? []
        for (let i = 0; i + 1 < points.length; i += 2) {
          const px = points[i] ?? Infinity
          const py = points[i + 1] ?? Infinity
          if (Math.abs(px - x) <= near && Math.abs(py - y) <= near) return true
        }
      }
    }
    const key = `${glyph}:${cx}:${cy}`
    const points = this.cells.get(key)
    if (points) points.push(x, y)
    else this.cells.set(key, [x, y])
    return false
  }
}

/** The first runs of overdrawn glyphs: a run starts within 20 characters and ends by the 40th. */
class Sample {
  text = ''
  private inRun = false
  private spaced = false
  private closed = false

  add(codePoint: number): void {
    if (!this.inRun && this.text.length >= SAMPLE_LENGTH / 2) this.closed = true
    if (!this.closed && this.text.length < SAMPLE_LENGTH) {
      const gap = this.text && (!this.inRun || this.spaced)
      this.text += (gap ? ' ' : '') + String.fromCodePoint(codePoint)
    }
    this.inRun = true
    this.spaced = false
  }

  /** Whitespace inside a run separates its words. */
  space(): void {
    this.spaced = true
  }

  /** A glyph drawn once ends the run. */
  gap(): void {
    this.inRun = false
  }
}

/**
 * Walks every glyph the page paints and counts those painted again over an identical glyph.
 * Text filled and then stroked as one object (render mode 2) is one drawing, not a copy; text in
 * render mode 3 never reaches the device.
 */
export function countOverdraw(page: mupdf.PDFPage): Overdraw {
  const origins = new GlyphOrigins()
  const sample = new Sample()
  let glyphs = 0
  let overdrawn = 0
  let lastFilled = 0

  const visit = (text: mupdf.Text, ctm: mupdf.Matrix): void => {
    const [a, b, c, d, e, f] = ctm
    text.walk({
      showGlyph(_font, trm, gid, unicode) {
        if (gid < 0) return
        if (isBlank(unicode)) {
          sample.space()
          return
        }
        glyphs++
        const x = trm[4] * a + trm[5] * c + e
        const y = trm[4] * b + trm[5] * d + f
        const size = Math.hypot(trm[0] * a + trm[1] * c, trm[0] * b + trm[1] * d)
        if (origins.drawnBefore(`${gid}:${unicode}`, x, y, Math.min(NEAR * size, CELL))) {
          overdrawn++
          sample.add(unicode)
        } else {
          sample.gap()
        }
      }
    })
  }

  const device = new mupdf.Device({
    fillText(text, ctm, colorspace, _color, alpha) {
      if (alpha > 0) visit(text, ctm)
      lastFilled = text.pointer
      text.destroy()
      colorspace.destroy()
    },
    strokeText(text, stroke, ctm, colorspace, _color, alpha) {
      if (alpha > 0 && text.pointer !== lastFilled) visit(text, ctm)
      lastFilled = 0
      text.destroy()
      stroke.destroy()
      colorspace.destroy()
    }
  })
  try {
    page.run(device, mupdf.Matrix.identity)
    device.close()
  } finally {
    device.destroy()
  }
  return { glyphs, overdrawn, sample: sample.text }
}

/**
 * The glyph pass costs about as much as the structured text itself (a second run of the page
 * through a JS device), so it runs only where MuPDF can hide a copy behind /ActualText: 17 of
 * the corpus's 505 pages, adding 2–4% to extraction. MuPDF's other fake-bold rule, dropping a
 * glyph drawn again right after itself, leaves no trace and goes uncounted; with the pass forced
 * over the whole corpus it hid at most 13 glyphs on a page (0.8%, Arabic kashidas), and never
 * fake bold.
 */
export function overdrawOf(
  file: PdfFile,
  page: mupdf.PDFPage,
  resources: PageResources
): Overdraw | null {
  if (!resources.actualText && !structureActualText(file, page)) return null
  try {
    return countOverdraw(page)
  } catch {
    // The count is evidence for one check; a page whose second run fails keeps its layout.
    return null
  }
}
