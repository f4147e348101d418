import { TesseractCliBackend } from '../ocr/tesseract-cli.js'
import { TesseractJsBackend } from '../ocr/tesseract-js.js'
import { backendLines, type LineRecognizer } from './recognizer.js'

/**
 * Line crops read by Debian's tesseract when it is installed with the language (twice as fast,
 * one process per crop, OMP_THREAD_LIMIT=1), else by tesseract.js on its worker thread.
 */
export function lineRecognizer(language = 'eng'): LineRecognizer {
  const cli = new TesseractCliBackend()
  const backend = cli.languages()?.includes(language) ? cli : new TesseractJsBackend()
  return backendLines(backend, [language])
}
