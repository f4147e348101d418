import { readFile } from 'node:fs/promises'
import type { DocumentAnalysis } from '../analysis/analyze-document.js'
import { vlmReason } from '../vlm/route.js'
import { vlmDocument } from '../vlm/document-stage.js'
import type { VlmRun } from '../vlm/run.js'
import { money, sendingLine } from './vlm-lines.js'

/**
 * `text --vlm` and `check --vlm`: the pages the cascade could not read sent to the model, with a
 * line on stderr for each that kept what it had (and why), and one for the run's tokens and cost.
 */
export async function vlmAnalysis(
  file: string,
  analysis: DocumentAnalysis,
  run: VlmRun,
  password?: string
): Promise<DocumentAnalysis> {
  const routed = analysis.pages.filter(
    (page) => vlmReason(page.layout, page.analysis, run.config.minOcrConfidence) !== null
  ).length
  if (routed === 0) return analysis
  process.stderr.write(sendingLine(run, routed))
  const bytes = await readFile(file)
  let pages = 0
  let input = 0
  let output = 0
  let cost = 0
  const count = (usage: { inputTokens: number; outputTokens: number; cost: number } | null) => {
    if (!usage) return
    input += usage.inputTokens
    output += usage.outputTokens
    cost += usage.cost
  }
  const result = await vlmDocument(
    { bytes, passwords: password === undefined ? [] : [password] },
    analysis,
    run,
    {
      onRead: (_page, _reason, usage) => {
        pages++
        count(usage)
      },
      onFailure: (page, reason, usage) => {
        count(usage)
        process.stderr.write(`recto: ${file}: page ${page}: vision model: ${reason}\n`)
      }
    }
  )
  const read = pages === 1 ? '1 page' : `${pages} pages`
  process.stderr.write(
    `recto: vision model ${run.config.model}: ${read} read, ${input} input and ${output} output tokens, ${money(cost, run.currency)}\n`
  )
  return result
}
