import type { ReadableDB } from '../store/db.js'
import { getDocument } from '../store/documents.js'
import { readLayout } from '../store/pages.js'
import { countPlanDocuments, planPages, type PlanPage } from '../store/plan-queries.js'
import type { PlanSummary } from '../shared/plan-summary.js'
import { ocrEstimate, type OcrEstimateOptions, type OcrSample } from './ocr-estimate.js'
import { mayNeedRepair, needsRepair } from './plan-decision.js'
import { PlanTally, type Pricing } from './plan-tally.js'
import { visionSpent } from './vision-spent.js'

/**
 * The plan of a review project from what the ingest stored: the check's decisions as they are,
 * and the layouts of only the pages whose fault may be a font map (read after the walk, which
 * holds the connection while it runs).
 */
export async function planProject(
  db: ReadableDB,
  pricing: Pricing,
  options: OcrEstimateOptions = {}
): Promise<PlanSummary> {
  const tally = new PlanTally(pricing)
  const maybeRepair: PlanPage[] = []
  let firstOcr: PlanPage | null = null
  for (const page of planPages(db)) {
    if (page.decision !== 'ok' && mayNeedRepair(page.failing)) {
      maybeRepair.push(page)
      continue
    }
    tally.add({ check: page.decision, plan: page.decision, width: page.width, height: page.height })
    if (page.decision === 'ocr') firstOcr ??= page
  }
  for (const page of maybeRepair) {
    const repair = needsRepair(page.failing, () => readLayout(db, page.documentId, page.page))
    tally.add({
      check: page.decision,
      plan: repair ? 'repair' : page.decision,
      width: page.width,
      height: page.height
    })
    if (!repair && page.decision === 'ocr') firstOcr ??= page
  }
  const path = firstOcr && getDocument(db, firstOcr.documentId)?.path
  const sample: OcrSample | null = firstOcr && path ? { file: path, page: firstOcr.page } : null
  const summary = tally.summary(countPlanDocuments(db), await ocrEstimate(options, sample))
  const spent = visionSpent(db, pricing)
  return spent === null ? summary : { ...summary, visionSpent: spent }
}
