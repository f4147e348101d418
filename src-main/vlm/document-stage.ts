import type { AnalyzedPage, DocumentAnalysis } from '../analysis/analyze-document.js'
import type { PricingScheme } from './pricing.js'
import { askPages, type PageCost } from './ask-pages.js'
import type { VlmBudget } from './budget.js'
import type { VlmConfig } from './config.js'
import { pageImage } from './page-image.js'
import { readAnswer } from './read-answer.js'
import { vlmReason } from './route.js'

export type DocumentVlmReport = Readonly<{
  onRead?: (page: number, reason: string, cost: PageCost) => void
  onFailure?: (page: number, reason: string, cost: PageCost | null) => void
}>

/**
 * The cascade's last machine rung over a document read in memory (`recto text|check --vlm`):
 * the pages OCR could not read (route.ts) sent to the model, each replaced by its reading where
 * the model answered with text, the others keeping what they had with a line saying why.
 */
export async function vlmDocument(
  source: Readonly<{ bytes: Uint8Array; passwords: readonly string[] }>,
  analysis: DocumentAnalysis,
  run: Readonly<{
    config: VlmConfig
    scheme: PricingScheme
    budget: VlmBudget
    signal?: AbortSignal
  }>,
  report: DocumentVlmReport = {}
): Promise<DocumentAnalysis> {
  const { config } = run
  const routed = analysis.pages.flatMap((page) => {
    const reason = vlmReason(page.layout, page.analysis, config.minOcrConfidence)
    if (reason === null) return []
    const pageNo = page.layout.page
    return [
      {
        page,
        reason,
        width: page.layout.width,
        height: page.layout.height,
        image: () => pageImage(source.bytes, pageNo, config, source.passwords)
      }
    ]
  })
  const read = new Map<number, AnalyzedPage>()
  await askPages(routed, run, (job, outcome) => {
    const pageNo = job.page.layout.page
    if (outcome.kind === 'skipped') return report.onFailure?.(pageNo, outcome.reason, null)
    if (outcome.kind === 'failed') return report.onFailure?.(pageNo, outcome.reason, outcome.cost)
    const reading = { model: config.model, reason: job.reason, trusted: config.trusted }
    const page = readAnswer(job.page, outcome.text, reading, analysis.stats)
    if (!page) return report.onFailure?.(pageNo, 'the model read no text on the page', outcome.cost)
    read.set(pageNo, page)
    report.onRead?.(pageNo, job.reason, outcome.cost)
  })
  return { ...analysis, pages: analysis.pages.map((page) => read.get(page.layout.page) ?? page) }
}
