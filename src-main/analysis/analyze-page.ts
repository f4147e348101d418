import type { CheckInput, DocumentStats } from '../checks/check.js'
import { decide, quality } from '../checks/decide.js'
import { pageFlags } from '../checks/index.js'
import { rawText } from '../extract/raw-text.js'
import { readingOrder } from '../layout/order.js'
import { pageText } from '../layout/page-text.js'
import { blockRoles } from '../layout/roles.js'
import { documentBodySize, sizeHistogram } from '../layout/headings.js'
import type { PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'

/**
 * Everything Recto concludes about one page: order, roles, text, flags, decision and quality.
 * Pure and free of MuPDF, so it runs wherever the layout is (a worker, the main thread, a test).
 */
export function analyzePage(layout: PageLayout, doc: DocumentStats): PageAnalysis {
  const order = readingOrder(layout)
  const roles = blockRoles(layout, doc.running, bodySizeFor(layout, doc))
  const text = pageText(layout, order, roles)
  const input: CheckInput = { layout, order, roles, text, rawText: rawText(layout), doc }
  const flags = pageFlags(input)
  return { order, roles, text, flags, decision: decide(flags), quality: quality(flags) }
}

/**
 * The body size a page's headings stand above: a page OCR read whole measures its type on the
 * scale of OCR's glyph heights, against the OCR'd pages of its document or, before those are
 * known (a single scan), against its own; a page a vision model read, against its own.
 */
function bodySizeFor(layout: PageLayout, doc: DocumentStats): number | undefined {
  // A vision model's page sets its headings' sizes against a body size of its own (vlm-layout.ts).
  if (layout.vlm) return documentBodySize([sizeHistogram(layout)])
  if (layout.ocr?.scope !== 'page') return doc.bodySize
  return doc.ocrBodySize ?? documentBodySize([sizeHistogram(layout)])
}
