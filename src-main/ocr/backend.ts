/**
 * One OCR engine behind the cascade. Backends see only a page image: rendering, scaling to PDF
 * points and turning words into blocks happen around them, so any engine that reads a PNG and
 * returns words with boxes can stand in.
 */

import type { PixelBox } from '../shared/layout.js'
import type { Script } from '../language/languages.js'

export type OcrWord = Readonly<{
  text: string
  bbox: PixelBox
  /** The engine's own confidence in the word, 0 to 100. */
  confidence: number
  /** The engine's block, paragraph and line the word stands in, numbered in its reading order. */
  block: number
  paragraph: number
  line: number
  /**
   * Whether the engine's text sets a space before the word (word-spaces.ts); undefined where it
   * gave no text to tell by.
   */
  spaceBefore?: boolean
}>

/** How an engine finds the lines of an image (OcrOptions). */
export type OcrLayout = 'auto' | 'column' | 'line'

export type OcrOptions = Readonly<{
  /** Tesseract language codes, best first: `['eng']`, `['fra', 'eng']`. */
  languages: readonly string[]
  /** Pixels per inch of the image; engines tune their size guesses by it. */
  dpi: number
  /**
   * How the engine finds the text's lines: `auto` looks for columns, pictures and tables
   * (Tesseract's page segmentation mode 3), `column` takes the image as one column of lines of
   * any size (mode 4), `line` as one line of text (mode 7: a line crop whose box takes in the
   * ascenders and descenders of its neighbours, which mode 3 reads as lines of their own). Auto
   * where not given.
   */
  layout?: OcrLayout
}>

/** What Tesseract's orientation and script detection (OSD) makes of a page image. */
export type PageOrientation = Readonly<{
  /** Degrees the image is to be turned (MuPDF's Matrix.rotate) for its text to stand upright. */
  turn: 0 | 90 | 180 | 270
  /** OSD's confidence in the turn: how much better it fits than the next best. */
  turnConfidence: number
  /** The script most of the text is in, null for one OCR has no language of. */
  script: Script | null
  /** OSD's own name for it ('Latin', 'Han', 'Hangul', 'Devanagari'). */
  scriptName: string
  scriptConfidence: number
}>

export interface OcrBackend {
  readonly name: string
  /** Whether the backend has the model of a language (Tesseract code) on this machine. */
  hasLanguage(code: string): boolean
  /** The page image's orientation and script; null when it holds too little text to tell. */
  detect(png: Uint8Array, dpi: number): Promise<PageOrientation | null>
  /** The words of a PNG image in the engine's reading order; an image without text gives none. */
  recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]>
  /**
   * Starts the engine for these languages ahead of the first image, where that start (a second
   * for tesseract.js) can overlap other work; an engine that starts per image has none.
   */
  start?(languages: readonly string[]): Promise<void>
  /** Frees the engine (worker, process); recognize afterwards starts it again. */
  close(): Promise<void>
}
