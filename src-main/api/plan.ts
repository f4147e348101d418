import { readPricing } from '../vlm/pricing.js'
import { planProject } from '../plan/project-plan.js'
import { defaultPricingFile } from '../settings/user-config.js'
import type { Handlers } from './handler.js'

export const planHandlers: Handlers<'plan.summary'> = {
  'plan.summary': async (_input, ctx) => {
    const file = defaultPricingFile()
    // The Library must answer at once: OCR is never run to measure here, only read if stored.
    return planProject(ctx.db, { file, prices: await readPricing(file) }, { calibrate: 'never' })
  }
}
