import type { SuspectReason } from './suspect-fonts.js'

/** The language an invisible OCR layer is read back in: its word list is English only (layer-lines.ts). */
export const LAYER_LANGUAGE = 'eng'

/** The Tesseract language a doubted font's lines are read in: Arabic's own, else the run's. */
export function languageFor(reason: SuspectReason, fallback: string): string {
  return reason === 'arabic' ? 'ara' : fallback
}
