import { TesseractCliBackend } from '../ocr/tesseract-cli.js'
import { MissingLanguageError } from '../language/languages.js'
import { modelFile } from '../ocr/models.js'
import { TesseractJsBackend } from '../ocr/tesseract-js.js'
import type { OcrLayout } from '../ocr/backend.js'
import { backendLines, type LineRecognizer } from './recognizer.js'

/**
 * Line crops are read by tesseract.js, whose worker keeps its model loaded between crops: Debian's
 * tesseract starts a process and loads the model for every image, which costs more than reading
 * a line (dolma-page-1's 88 crops: 25 s with tesseract.js, 135 s with the program). The program
 * reads the languages tesseract.js has no offline model for, when it is installed with them.
 */
export function lineRecognizer(language = 'eng', layout: OcrLayout = 'auto'): LineRecognizer {
  if (modelFile(language) !== undefined) {
    return backendLines(new TesseractJsBackend(), [language], layout)
  }
  const cli = new TesseractCliBackend()
  if (!cli.hasLanguage(language)) throw new MissingLanguageError(language)
  return backendLines(cli, [language], layout)
}
