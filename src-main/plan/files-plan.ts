import { readFile } from 'node:fs/promises'
import { ExtractError } from '../extract/errors.js'
import { closePdf, openPdf } from '../extract/open.js'
import { fileErrorReason, listInputs } from '../extract/input-files.js'
import { analyzeDocument } from '../analysis/analyze-document.js'
import type { PlanSummary } from '../shared/plan-summary.js'
import { ocrEstimate, type OcrEstimateOptions, type OcrSample } from './ocr-estimate.js'
import { planDecision } from './plan-decision.js'
import { PlanTally, type Pricing } from './plan-tally.js'

/**
 * The plan of PDFs and folders without a project: each file extracted and analysed in this
 * thread exactly as `recto check` does it, so the counts are `recto check`'s decisions. A file
 * that cannot be read is reported through `onError` and left out.
 */
export async function planFiles(
  inputs: readonly string[],
  pricing: Pricing,
  options: OcrEstimateOptions & Readonly<{ onError?: (path: string, reason: string) => void }> = {}
): Promise<PlanSummary> {
  const { files, missing } = await listInputs(inputs)
  for (const { path, reason } of missing) options.onError?.(path, reason)
  const tally = new PlanTally(pricing)
  let documents = 0
  let sample: OcrSample | null = null
  for (const { path } of files) {
    let bytes: Uint8Array
    try {
      bytes = await readFile(path)
    } catch (error) {
      options.onError?.(path, fileErrorReason(error))
      continue
    }
    let pages
    try {
      const file = openPdf(bytes)
      try {
        pages = analyzeDocument(file).pages
      } finally {
        closePdf(file)
      }
    } catch (error) {
      if (!(error instanceof ExtractError)) throw error
      options.onError?.(path, error.reason)
      continue
    }
    documents++
    for (const { layout, analysis } of pages) {
      const failing = analysis.flags.filter((f) => f.severity !== 'info')
      const plan = planDecision(analysis.decision, failing, () => layout)
      tally.add({ check: analysis.decision, plan, width: layout.width, height: layout.height })
      if (plan === 'ocr') sample ??= { file: path, page: layout.page }
    }
  }
  return tally.summary(documents, await ocrEstimate(options, sample))
}
