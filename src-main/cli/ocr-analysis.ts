import type { DocumentAnalysis } from '../pipeline/analyze-document.js'
import { ocrPage } from '../ocr/cascade.js'
import { lazyThread } from '../ocr/lazy-thread.js'
import type { OcrChoice } from './ocr-options.js'

/**
 * `text --ocr` and `check --ocr`: the pages that need it OCR'd one by one on the OCR thread, the
 * others left as they are. A page OCR fails on keeps its text layer, with a line on stderr.
 */
export async function ocrAnalysis(
  file: string,
  analysis: DocumentAnalysis,
  choice: OcrChoice
): Promise<DocumentAnalysis> {
  const thread = lazyThread(choice.backend)
  try {
    const pages = []
    for (const page of analysis.pages) {
      try {
        pages.push((await ocrPage(thread.get, file, page, analysis.stats, choice)) ?? page)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        process.stderr.write(`recto: ${file}: page ${page.layout.page}: OCR failed (${reason})\n`)
        pages.push(page)
      }
    }
    return { stats: analysis.stats, pages }
  } finally {
    await thread.close()
  }
}
