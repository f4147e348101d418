import type { OcrBackend } from './backend.js'
import type { BackendName } from './backend-names.js'
import { TesseractCliBackend } from './tesseract-cli.js'
import { TesseractJsBackend } from './tesseract-js.js'

/**
 * The Debian program where it is installed, tesseract.js (always there, from npm) elsewhere:
 * on the corpus's scanned pages with a reference both read the same text (mean CER 38.8% and
 * 38.9%, linn 1.0% each), and the program takes half the CPU per page (3.2 s against 6.6 s,
 * `npm run eval -- --ocr`).
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
