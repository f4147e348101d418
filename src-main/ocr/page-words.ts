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
 * Words of an image rendered at `scale` pixels per point whose top-left corner is `origin` (in
 * the shown page's points), moved into the layout's space. Paragraph and line numbers start after
 * `numbered` (the paragraphs and lines of regions already placed).
 */
export function placeWords(
  words: readonly OcrWord[],
  origin: readonly [number, number],
  scale: number,
  frame: PageFrame,
  numbered: Readonly<{ paragraphs: number; lines: number }>
): PageWord[] {
  const toPoints = (box: PixelBox): BBox => [
    origin[0] + box[0] / scale,
    origin[1] + box[1] / scale,
    origin[0] + box[2] / scale,
    origin[1] + box[3] / scale
  ]
  return words.map((word) => ({
    text: word.text,
    bbox: unrotatedBox(toPoints(word.bbox), frame).map(hundredth) as unknown as BBox,
    confidence: Math.round(word.confidence * 10) / 10,
    paragraph: numbered.paragraphs + word.paragraph,
    line: numbered.lines + word.line
  }))
}

function hundredth(v: number): number {
  return Math.round(v * 100) / 100
}
