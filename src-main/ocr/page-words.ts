import type { BBox, PixelBox } from '../shared/layout.js'
import type { OcrWord } from './backend.js'

/** An OCR word placed on the page: its box in PDF points of the unrotated page, like every block. */
export type PageWord = Readonly<{
  text: string
  bbox: BBox
  confidence: number
  /** Paragraph and line, numbered page-wide over every region recognised. */
  paragraph: number
  line: number
  /** The way the word's line runs in the layout's space; left to right ([1, 0]) when absent. */
  dir?: readonly [number, number]
  /** As the engine's text has it (OcrWord.spaceBefore). */
  spaceBefore?: boolean
}>

/** A page's size before /Rotate and its rotation: what turns the image's space into the layout's. */
export type PageFrame = Readonly<{ width: number; height: number; rotation: number }>

/**
 * The rendered image shows the page turned by /Rotate; layouts are in the unrotated page's space.
 * The inverse of the review screen's turn (src-renderer/lib/geometry.ts shownBox).
 */
export function unrotatedBox(shown: BBox, frame: PageFrame): BBox {
  const [a0, b0, a1, b1] = shown
  const { width, height, rotation } = frame
  if (rotation === 90) return [b0, height - a1, b1, height - a0]
  if (rotation === 180) return [width - a1, height - b1, width - a0, height - b0]
  if (rotation === 270) return [width - b1, a0, width - b0, a1]
  return shown
}

/** The unrotated box's place in the turned page the image shows. */
export function shownBox(box: BBox, frame: PageFrame): BBox {
  const [x0, y0, x1, y1] = box
  const { width, height, rotation } = frame
  if (rotation === 90) return [height - y1, x0, height - y0, x1]
  if (rotation === 180) return [width - x1, height - y1, width - x0, height - y0]
  if (rotation === 270) return [y0, width - x1, y1, width - x0]
  return box
}

/**
 * Words of an image, whose pixel boxes `toShown` places on the shown page, moved into the
 * layout's space. Paragraph and line numbers start after `numbered` (the paragraphs and lines of
 * regions already placed).
 */
export function placeWords(
  words: readonly OcrWord[],
  toShown: (box: PixelBox) => BBox,
  frame: PageFrame,
  numbered: Readonly<{ paragraphs: number; lines: number }>,
  turn = 0
): PageWord[] {
  const dir = lineDirection(turn, frame.rotation)
  return words.map((word) => ({
    text: word.text,
    bbox: unrotatedBox(toShown(word.bbox), frame).map(hundredth) as unknown as BBox,
    confidence: Math.round(word.confidence * 10) / 10,
    paragraph: numbered.paragraphs + word.paragraph,
    line: numbered.lines + word.line,
    dir,
    ...(word.spaceBefore === undefined ? {} : { spaceBefore: word.spaceBefore })
  }))
}

/**
 * The way the lines of an image turned by `turn` degrees (MuPDF's Matrix.rotate) run on the
 * unrotated page: the image's rows turned back into the shown page, then /Rotate undone as
 * unrotatedBox does. A page scanned a quarter turn clockwise reads down the page, [0, 1].
 */
export function lineDirection(turn: number, rotation: number): readonly [number, number] {
  const radians = (turn * Math.PI) / 180
  const a = Math.round(Math.cos(radians))
  const b = -Math.round(Math.sin(radians))
  const [x, y] =
    rotation === 90 ? [b, -a] : rotation === 180 ? [-a, -b] : rotation === 270 ? [-b, a] : [a, b]
  // Zero, not minus zero: the direction is compared and printed.
  return [x + 0, y + 0]
}

function hundredth(v: number): number {
  return Math.round(v * 100) / 100
}
