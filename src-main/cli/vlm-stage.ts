import type { DocumentAnalysis } from '../analysis/analyze-document.js'
import type { VlmChoice } from '../vlm/run.js'

/**
 * A document through the cascade (`read`) and then, with --vlm, through the vision model. The
 * model's configuration is read first, so a run that cannot send (no file, no model named) says
 * so in one line before any page is read. The stage's modules load only with --vlm.
 */
export async function withVlm(
  file: string,
  choice: VlmChoice | null,
  read: () => Promise<DocumentAnalysis | null>,
  password?: string
): Promise<DocumentAnalysis | null> {
  if (!choice) return read()
  const { vlmRun } = await import('../vlm/run.js')
  const run = await vlmRun(choice)
  if (typeof run === 'string') {
    process.stderr.write(`recto: ${run}\n`)
    return null
  }
  const analysis = await read()
  if (!analysis) return null
  const { vlmAnalysis } = await import('./vlm-analysis.js')
  return vlmAnalysis(file, analysis, run, password)
}
