import { parseArgs } from 'node:util'
import type { PageCheck } from '../../shared/flags.js'
import { UsageError, type Command } from '../command.js'
import { OCR_OPTIONS, ocrChoice } from '../ocr-options.js'
import { VLM_OPTIONS, vlmChoice } from '../vlm-options.js'
import { withVlm } from '../vlm-stage.js'
import { parsePages } from '../page-list.js'
import { readThroughCascade } from '../pdf-input.js'
import { PASSWORD_OPTION } from '../password-option.js'

function table(checks: readonly PageCheck[]): string {
  const lines = ['page  decision  quality  flags']
  for (const check of checks) {
    const codes = check.flags.map((f) => f.code).join(', ') || '-'
    lines.push(
      `${String(check.page).padStart(4)}  ${check.decision.padEnd(8)}  ${check.quality.toFixed(2).padStart(7)}  ${codes}`
    )
    for (const flag of check.flags) {
      if (flag.severity !== 'info') lines.push(`      ${flag.severity}: ${flag.message}`)
    }
  }
  return lines.join('\n')
}

async function runCheck(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      pages: { type: 'string' },
      ...PASSWORD_OPTION,
      ...OCR_OPTIONS,
      ...VLM_OPTIONS
    }
  })
  const [file, ...extra] = positionals
  if (file === undefined || extra.length > 0) throw new UsageError('check takes one PDF file')
  const pages = values.pages === undefined ? undefined : parsePages(values.pages)
  const ocr = ocrChoice(values)
  const vlm = vlmChoice(values)
  const analysis = await withVlm(
    file,
    vlm,
    () => readThroughCascade(file, pages, ocr, values.password),
    values.password
  )
  if (!analysis) return 1
  const checks: PageCheck[] = analysis.pages.map(({ layout, analysis: page }) => ({
    page: layout.page,
    decision: page.decision,
    quality: page.quality,
    flags: page.flags
  }))
  process.stdout.write((values.json ? JSON.stringify(checks) : table(checks)) + '\n')
  return 0
}

export const checkCommand: Command = {
  name: 'check',
  run: runCheck
}
