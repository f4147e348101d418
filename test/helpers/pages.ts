import { readFileSync } from 'node:fs'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { analyzeDocument, type DocumentAnalysis } from '../../src-main/analysis/analyze-document.js'
import type { PageLayout } from '../../src-main/shared/layout.js'

/** The layout of one page (1-based) of a PDF file. */
export function layoutOf(path: string, page = 1): PageLayout {
  const file = openPdf(readFileSync(path))
  try {
    return extractPage(file, page - 1)
  } finally {
    closePdf(file)
  }
}

/** Every page of a PDF file, extracted and analysed as `recto check` does. */
export function analysisOf(path: string): DocumentAnalysis {
  const file = openPdf(readFileSync(path))
  try {
    return analyzeDocument(file)
  } finally {
    closePdf(file)
  }
}

/** The cleaned text of one page (1-based), analysed with its whole document as `recto text` does. */
export function documentPageText(path: string, page: number): string {
  return analysisOf(path).pages.find((p) => p.layout.page === page)?.analysis.text ?? ''
}
