import type { BBox } from './bbox.js'

/** A word of an invisible OCR layer that is no word where the page's image reads one close to it. */
export type LayerCorrection = Readonly<{ layer: string; image: string; bbox: BBox }>

/**
 * What the page's image reads where its invisible OCR layer gives doubtful words: lines holding
 * them were rendered (the scan shows, the layer does not) and read by OCR (src-main/verify/).
 * Kept on the page once read, for checks/ocr-layer.ts to judge, and so no later run reads it again.
 */
export type LayerReading = Readonly<{
  /** Lines read back, and the layer's words on them OCR read. */
  lines: number
  sampled: number
  /** Layer words that are no words where the image reads a word one or two letters from them. */
  corrections: readonly LayerCorrection[]
}>
