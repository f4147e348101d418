/**
 * One OCR engine behind the cascade. Backends see only a page image: rendering, scaling to PDF
 * points and turning words into blocks happen around them, so any engine that reads a PNG and
 * returns words with boxes can stand in.
 */

import type { PixelBox } from '../shared/layout.js'

export type OcrWord = Readonly<{
  text: string
  bbox: PixelBox
  /** The engine's own confidence in the word, 0 to 100. */
  confidence: number
  /** The engine's block, paragraph and line the word stands in, numbered in its reading order. */
  block: number
  paragraph: number
  line: number
}>

export type OcrOptions = Readonly<{
  /** Tesseract language codes, best first: `['eng']`, `['fra', 'eng']`. */
  languages: readonly string[]
  /** Pixels per inch of the image; engines tune their size guesses by it. */
  dpi: number
}>

export interface OcrBackend {
  readonly name: string
  /** The words of a PNG image in the engine's reading order; an image without text gives none. */
  recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]>
  /** Frees the engine (worker, process); recognize afterwards starts it again. */
  close(): Promise<void>
}
