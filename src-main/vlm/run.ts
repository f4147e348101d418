import { resolve } from 'node:path'
import { readPricing, vlmScheme, type PricingScheme } from './pricing.js'
import { defaultPricingFile } from '../settings/user-config.js'
import { VlmBudget } from './budget.js'
import type { VlmConfig } from './config.js'

/** What a run asked for: the pricing file (the user's default when null) and its budget. */
export type VlmChoice = Readonly<{
  pricingFile: string | null
  maxPages: number | null
  maxCost: number | null
}>

/** Everything a run needs to send pages: the model, its prices, the run's budget. */
export type VlmRun = Readonly<{
  file: string
  config: VlmConfig
  scheme: PricingScheme
  currency: string
  budget: VlmBudget
}>

/**
 * The model and prices the run's pricing file gives, or a one-line reason naming the file: a run
 * that asked for --vlm and cannot have it sends nothing and says why, before any page is read.
 */
export async function vlmRun(choice: VlmChoice): Promise<VlmRun | string> {
  const file = choice.pricingFile ?? resolve(defaultPricingFile())
  const pricing = await readPricing(file)
  if (pricing === null) return `--vlm: ${file}: file not found (docs/cascade.md has its format)`
  if (typeof pricing === 'string') return `--vlm: ${pricing}`
  if (!pricing.vlm) return `--vlm: ${file} has no vlm section naming a model (docs/cascade.md)`
  return {
    file,
    config: pricing.vlm,
    scheme: vlmScheme(pricing),
    currency: pricing.currency,
    budget: new VlmBudget(choice.maxPages, choice.maxCost)
  }
}
