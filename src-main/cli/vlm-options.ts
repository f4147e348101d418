import { resolve } from 'node:path'
import { UsageError } from './command.js'
import { positiveInteger } from './positive-integer.js'
import type { VlmChoice } from '../vlm/run.js'

/** The options of every command that can send pages to the vision model. */
export const VLM_OPTIONS = {
  vlm: { type: 'boolean', default: false },
  'vlm-max-pages': { type: 'string' },
  'vlm-max-cost': { type: 'string' },
  pricing: { type: 'string' }
} as const

export const VLM_HELP = [
  '  --vlm                 send the pages OCR could not read (or read unsurely) to the vision',
  "                        model of the pricing file's vlm section; nothing is sent without it",
  '  --vlm-max-pages <n>   send at most n pages this run',
  '  --vlm-max-cost <x>    stop sending once the run would cost more than x (the currency of',
  '                        the pricing file), counting what the pages under way are expected to cost',
  '  --pricing <file>      the pricing and model file (default: ~/.config/recto/pricing.json)'
]

export function vlmChoice(values: {
  vlm?: boolean
  'vlm-max-pages'?: string
  'vlm-max-cost'?: string
  pricing?: string
}): VlmChoice | null {
  const budgetGiven = values['vlm-max-pages'] !== undefined || values['vlm-max-cost'] !== undefined
  if (!values.vlm) {
    if (budgetGiven) throw new UsageError('--vlm-max-pages and --vlm-max-cost go with --vlm')
    return null
  }
  const cost = values['vlm-max-cost']
  const maxCost = cost === undefined ? null : Number(cost)
  if (maxCost !== null && !(Number.isFinite(maxCost) && maxCost >= 0)) {
    throw new UsageError('--vlm-max-cost takes an amount of money, e.g. 2.50')
  }
  return {
    pricingFile: values.pricing === undefined ? null : resolve(values.pricing),
    maxPages: positiveInteger(values['vlm-max-pages'], '--vlm-max-pages') ?? null,
    maxCost
  }
}
