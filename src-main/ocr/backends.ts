import type { OcrBackend } from './backend.js'
import { TesseractCliBackend } from './tesseract-cli.js'
import { TesseractJsBackend } from './tesseract-js.js'

export const BACKEND_NAMES = ['tesseract', 'tesseract.js'] as const
export type BackendName = (typeof BACKEND_NAMES)[number]

/**
 * The Debian program where it is installed, tesseract.js (always there, from npm) elsewhere:
 * on the corpus's scanned pages both read the same text to within a point of CER, and the
 * program takes about half the time per page (figures in the README's OCR section).
 */
export function defaultBackend(): BackendName {
  return new TesseractCliBackend().languages() === null ? 'tesseract.js' : 'tesseract'
}

export function createBackend(name: BackendName): OcrBackend {
  if (name === 'tesseract.js') return new TesseractJsBackend()
  const cli = new TesseractCliBackend()
  if (cli.languages() === null) {
    throw new Error('OCR backend tesseract: the tesseract program is not installed')
  }
  return cli
}
