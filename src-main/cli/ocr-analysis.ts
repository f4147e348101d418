import { readFile } from 'node:fs/promises'
import type { DocumentAnalysis } from '../analysis/analyze-document.js'
import { cascadeDocument } from '../pipeline/cascade.js'
import type { OcrChoice } from './ocr-options.js'

/**
 * `text --ocr` and `check --ocr`: the rest of the cascade after the text layer (font repair, then
 * OCR of the pages still unusable). A stage that fails keeps what the page had, with a line on
 * stderr.
 */
export async function ocrAnalysis(
  file: string,
  analysis: DocumentAnalysis,
  choice: OcrChoice,
  password?: string
): Promise<DocumentAnalysis> {
  const bytes = await readFile(file)
  return cascadeDocument(
    { path: file, bytes, ...(password === undefined ? {} : { password }) },
    analysis,
    choice,
    {
      onFailure: (page, stage, reason) => {
        const where = page === null ? '' : ` page ${page}:`
        process.stderr.write(`recto: ${file}:${where} ${stage} failed (${reason})\n`)
      }
    }
  )
}
