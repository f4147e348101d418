import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { tuneTieringForBatch } from '../../jobs/batch-tiering.js'
import { BACKEND_NAMES, type BackendName } from '../../ocr/backend-names.js'
import type { Calibration } from '../../plan/ocr-estimate.js'
import type { Pricing } from '../../plan/plan-tally.js'
import { readPricing } from '../../vlm/pricing.js'
import { defaultPricingFile } from '../../settings/user-config.js'
import { PLAN_DECISIONS, type PlanSummary } from '../../shared/plan-summary.js'
import { UsageError, type Command } from '../command.js'
import { openProject } from '../open-project.js'

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`

function duration(seconds: number): string {
  if (seconds < 90) return `${seconds.toFixed(0)} s`
  if (seconds < 5400) return `${(seconds / 60).toFixed(0)} min`
  return `${(seconds / 3600).toFixed(1)} h`
}

const tokens = (n: number): string => n.toLocaleString('en-US')

/** What the project's pages sent to a vision model cost, beside the estimate for them. */
function spentLine(spent: NonNullable<PlanSummary['visionSpent']>): string {
  const estimate = spent.estimate
    ? `; estimated ${spent.estimate.cost.toFixed(4)} (${tokens(spent.estimate.inputTokens)} tok in) under ${spent.scheme}`
    : ''
  return (
    `vision model so far: ${spent.pages} pages sent (${spent.read} read, ${spent.requests} requests), ` +
    `${tokens(spent.inputTokens)} tok in, ${tokens(spent.outputTokens)} out, ` +
    `${spent.cost.toFixed(4)} ${spent.currency}${estimate}`
  )
}

/** The plan as a person reads it: decisions, OCR time, and a cost line per pricing scheme. */
export function planTable(plan: PlanSummary): string {
  const lines = ['decision  pages   share']
  for (const d of PLAN_DECISIONS) {
    const { pages, share } = plan.decisions[d]
    lines.push(`${d.padEnd(8)}  ${String(pages).padStart(5)}  ${percent(share).padStart(6)}`)
  }
  lines.push(
    `${'all'.padEnd(8)}  ${String(plan.pages).padStart(5)}   (${plan.documents} documents)`
  )
  lines.push('')
  const { ocr } = plan
  if (ocr.pages === 0) lines.push('OCR: no page needs it')
  else if (ocr.seconds === null || ocr.secondsPerPage === null) {
    lines.push(`OCR: ${ocr.pages} pages; time not measured on this machine (${ocr.backend ?? '-'})`)
  } else {
    lines.push(
      `OCR: ${ocr.pages} pages x ${ocr.secondsPerPage.toFixed(2)} s = ${duration(ocr.seconds)} ` +
        `(${ocr.backend}, measured ${ocr.measured})`
    )
  }
  if (plan.visionSpent) lines.push(spentLine(plan.visionSpent))
  if (plan.vision === null) {
    lines.push(`vision model: ${plan.visionNote ?? 'not priced'}`)
    return lines.join('\n')
  }
  const { currency, schemes } = plan.vision
  const failing = plan.pages - plan.decisions.ok.pages
  lines.push(`vision model (${currency})  failing pages (${failing})  every page (${plan.pages})`)
  for (const s of schemes) {
    const cell = (c: { cost: number; inputTokens: number }) =>
      `${c.cost.toFixed(2)} (${tokens(c.inputTokens)} tok in)`
    lines.push(`  ${s.name}: ${cell(s.failing)}  |  ${cell(s.all)}`)
  }
  return lines.join('\n')
}

async function runPlan(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      json: { type: 'boolean', default: false },
      pricing: { type: 'string' },
      calibrate: { type: 'boolean', default: false },
      'ocr-backend': { type: 'string' }
    }
  })
  if ((values.db === undefined) === (positionals.length === 0)) {
    throw new UsageError('plan takes PDFs or folders, or --db <file>, one of the two')
  }
  const asked = values['ocr-backend']
  if (asked !== undefined && !(BACKEND_NAMES as readonly string[]).includes(asked)) {
    throw new UsageError(`--ocr-backend: '${asked}' is not one of ${BACKEND_NAMES.join(', ')}`)
  }
  const pricingFile = resolve(values.pricing ?? defaultPricingFile())
  const prices = await readPricing(pricingFile)
  if (values.pricing !== undefined && typeof prices !== 'object') {
    // A file named on the command line must be there and be right; the default may be absent.
    process.stderr.write(`recto: ${prices ?? `${pricingFile}: file not found`}\n`)
    return 1
  }
  const pricing: Pricing = { file: pricingFile, prices }
  const calibrate: Calibration = values.calibrate ? 'always' : 'missing'
  const options = { backend: (asked as BackendName | undefined) ?? null, calibrate }
  let plan: PlanSummary
  if (values.db !== undefined) {
    const db = openProject(values.db)
    if (!db) return 1
    try {
      const { planProject } = await import('../../plan/project-plan.js')
      plan = await planProject(db, pricing, options)
    } finally {
      db.close()
    }
  } else {
    tuneTieringForBatch()
    const { planFiles } = await import('../../plan/files-plan.js')
    plan = await planFiles(positionals, pricing, {
      ...options,
      onError: (path, reason) => process.stderr.write(`recto: ${path}: ${reason}\n`)
    })
  }
  process.stdout.write((values.json ? JSON.stringify(plan) : planTable(plan)) + '\n')
  return 0
}

export const planCommand: Command = {
  name: 'plan',
  run: runPlan
}
