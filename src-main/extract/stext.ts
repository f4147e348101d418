import type { BBox, Block, ImageBox, Line, Span } from '../shared/layout.js'
import { isSpaceUnit } from '../shared/whitespace.js'
import { CoveredText } from './covered-text.js'
import { round, transformDirection, transformRect, type PageFrame } from './geometry.js'
import { wasm } from './mupdf.js'
import { CHAR_ARGB, CHAR_C, CHAR_FONT, CHAR_NEXT, CHAR_QUAD, CHAR_SIZE } from './stext-char.js'

type FontFace = Readonly<{ name: string; bold: boolean; italic: boolean; mono: boolean }>

export type StextContent = Readonly<{
  blocks: readonly Block[]
  images: readonly ImageBox[]
  invisibleChars: number
  coveredChars: number
}>

const TEXT_BLOCK = 0
const IMAGE_BLOCK = 1
const REPLACEMENT = 0xfffd

/**
 * The text of a glyph MuPDF gave U+FFFD, by its font's name and the top-left corner of its quad
 * as MuPDF reports it (glyph-codes.ts).
 */
export type UnmappedGlyph = (font: string, x: number, y: number) => string | undefined

function readRect(ptr: number): BBox {
  const heap = wasm.HEAPF32
  const i = ptr >> 2
  return [heap[i] ?? 0, heap[i + 1] ?? 0, heap[i + 2] ?? 0, heap[i + 3] ?? 0]
}

const CHUNK = 8192

/**
 * Whitespace, which an invisible OCR layer and a visible line alike may draw anywhere: controls,
 * and what `/\s/` matches.
 */
function isBlank(codePoint: number): boolean {
  return codePoint <= 0x20 || isSpaceUnit(codePoint)
}

/** String.fromCodePoint in slices: a hostile file may put a million characters on one line. */
function fromCodePoints(codePoints: readonly number[]): string {
  if (codePoints.length <= CHUNK) return String.fromCodePoint(...codePoints)
  let text = ''
  for (let i = 0; i < codePoints.length; i += CHUNK) {
    text += String.fromCodePoint(...codePoints.slice(i, i + CHUNK))
  }
  return text
}

/** Accumulates one span while characters of the same font and size follow each other. */
class SpanBuilder {
  readonly codePoints: number[] = []
  readonly charX: number[] = []
  x0 = Infinity
  y0 = Infinity
  x1 = -Infinity
  y1 = -Infinity

  constructor(
    readonly face: FontFace,
    readonly size: number
  ) {}

  /** One character whose quad corners are (xs[k], ys[k]). */
  add(codePoint: number, xs: readonly number[], ys: readonly number[]): void {
    // A broken font can report a value outside Unicode; it reads as "no mapping".
    this.codePoints.push(codePoint >= 0 && codePoint <= 0x10ffff ? codePoint : 0xfffd)
    let left = Infinity
    let right = -Infinity
    for (let k = 0; k < 4; k++) {
      const x = xs[k] ?? 0
      const y = ys[k] ?? 0
      if (x < left) left = x
      if (x > right) right = x
      if (y < this.y0) this.y0 = y
      if (y > this.y1) this.y1 = y
    }
    this.charX.push(round(left), round(right))
    if (left < this.x0) this.x0 = left
    if (right > this.x1) this.x1 = right
  }

  build(): Span {
    return {
      text: fromCodePoints(this.codePoints),
      bbox: [round(this.x0), round(this.y0), round(this.x1), round(this.y1)],
      font: this.face.name,
      size: round(this.size),
      bold: this.face.bold,
      italic: this.face.italic,
      mono: this.face.mono,
      charX: this.charX
    }
  }
}

/**
 * Reads MuPDF's structured text through the raw accessors: characters as full code points, a
 * character's box as the four corners of its quad mapped into the unrotated page, and
 * invisibility from the fill alpha (MuPDF gives text drawn in render mode 3, or fully
 * transparent, an alpha of 0).
 */
export function readStext(
  stextPointer: number,
  frame: PageFrame,
  unmapped: UnmappedGlyph = () => undefined
): StextContent {
  const faces = new Map<number, FontFace>()
  const face = (ptr: number): FontFace => {
    let found = faces.get(ptr)
    if (!found) {
      found = {
        name: wasm.UTF8ToString(wasm._wasm_font_get_name(ptr)),
        bold: wasm._wasm_font_is_bold(ptr) !== 0,
        italic: wasm._wasm_font_is_italic(ptr) !== 0,
        mono: wasm._wasm_font_is_monospaced(ptr) !== 0
      }
      faces.set(ptr, found)
    }
    return found
  }
  const m = frame.toPage
  const xs = [0, 0, 0, 0]
  const ys = [0, 0, 0, 0]
  const blocks: Block[] = []
  const images: ImageBox[] = []
  let invisibleChars = 0
  const covered = new CoveredText(frame.width * frame.height)

  for (
    let block = wasm._wasm_stext_page_get_first_block(stextPointer);
    block !== 0;
    block = wasm._wasm_stext_block_get_next(block)
  ) {
    const type = wasm._wasm_stext_block_get_type(block)
    if (type === IMAGE_BLOCK) {
      const image = wasm._wasm_stext_block_get_image(block)
      const bbox = transformRect(m, readRect(wasm._wasm_stext_block_get_bbox(block)))
      images.push({
        bbox,
        width: wasm._wasm_image_get_w(image),
        height: wasm._wasm_image_get_h(image)
      })
      // A soft mask or a stencil lets what is under the picture show through.
      if (wasm._wasm_image_get_mask(image) === 0 && wasm._wasm_image_get_imagemask(image) === 0) {
        covered.picture(bbox)
      }
      continue
    }
    if (type !== TEXT_BLOCK) continue
    const lines: Line[] = []
    for (
      let line = wasm._wasm_stext_block_get_first_line(block);
      line !== 0;
      line = wasm._wasm_stext_line_get_next(line)
    ) {
      const spans: Span[] = []
      let current: SpanBuilder | null = null
      let currentFont = -1
      let visible = 0
      // Views of the heap, taken again after looking up an unmapped glyph: that reads the page
      // again, which may grow WASM memory and detach them.
      let heap = wasm.HEAPF32
      let words = wasm.HEAPU32
      for (
        let ch = wasm._wasm_stext_line_get_first_char(line);
        ch !== 0;
        ch = words[(ch >> 2) + CHAR_NEXT] ?? 0
      ) {
        const at = ch >> 2
        const fontPtr = words[at + CHAR_FONT] ?? 0
        const size = heap[at + CHAR_SIZE] ?? 0
        if (!current || fontPtr !== currentFont || Math.abs(size - current.size) > 0.01) {
          if (current) spans.push(current.build())
          current = new SpanBuilder(face(fontPtr), size)
          currentFont = fontPtr
        }
        const q = at + CHAR_QUAD
        for (let k = 0; k < 4; k++) {
          const x = heap[q + 2 * k] ?? 0
          const y = heap[q + 2 * k + 1] ?? 0
          xs[k] = frame.identity ? x : m[0] * x + m[2] * y + m[4]
          ys[k] = frame.identity ? y : m[1] * x + m[3] * y + m[5]
        }
        // The int field read as signed, as HEAP32 would.
        const c = (words[at + CHAR_C] ?? 0) | 0
        // Spaces hide nothing (scotus-transcript draws its blank runs invisibly).
        if (!isBlank(c)) {
          if ((words[at + CHAR_ARGB] ?? 0) >>> 24 === 0) invisibleChars++
          else visible++
        }
        let text: string | undefined
        if (c === REPLACEMENT) {
          text = unmapped(current.face.name, heap[q] ?? 0, heap[q + 1] ?? 0)
          heap = wasm.HEAPF32
          words = wasm.HEAPU32
        }
        current.add(text?.codePointAt(0) ?? c, xs, ys)
      }
      if (current) spans.push(current.build())
      if (spans.length === 0) continue
      const dirPtr = wasm._wasm_stext_line_get_dir(line) >> 2
      const dir = transformDirection(m, wasm.HEAPF32[dirPtr] ?? 1, wasm.HEAPF32[dirPtr + 1] ?? 0)
      const bbox = transformRect(m, readRect(wasm._wasm_stext_line_get_bbox(line)))
      covered.line(bbox, visible)
      lines.push({
        bbox,
        wmode: wasm._wasm_stext_line_get_wmode(line) === 1 ? 1 : 0,
        dir,
        spans
      })
    }
    if (lines.length === 0) continue
    blocks.push({
      id: blocks.length,
      bbox: transformRect(m, readRect(wasm._wasm_stext_block_get_bbox(block))),
      lines
    })
  }
  return { blocks, images, invisibleChars, coveredChars: covered.chars }
}
