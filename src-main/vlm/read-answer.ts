import { analyzePage } from '../analysis/analyze-page.js'
import type { DocumentStats } from '../checks/check.js'
import type { PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'
import { answerBlocks } from './answer-text.js'
import { withVlm, type VlmReading } from './vlm-layout.js'

/**
 * A page as the model's answer reads it, analysed like any page (order, roles, text, checks), or
 * null when the answer holds no text once its Markdown is read (the page keeps what it had).
 */
export function readAnswer(
  page: Readonly<{ layout: PageLayout; analysis: PageAnalysis }>,
  answer: string,
  reading: VlmReading,
  stats: DocumentStats
): Readonly<{ layout: PageLayout; analysis: PageAnalysis }> | null {
  const blocks = answerBlocks(answer)
  if (blocks.length === 0) return null
  const layout = withVlm(page.layout, page.analysis.order, blocks, reading)
  return { layout, analysis: analyzePage(layout, stats) }
}
