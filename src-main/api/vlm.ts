import type { PageRef } from '../ocr/stored-pages.js'
import { vlmRun } from '../vlm/run.js'
import { pagesToVlm, vlmStoredPages } from '../vlm/stored-stage.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'
import { refuseWhileKeyed } from './keyings.js'
import { requireClaim } from './page-claim.js'

export const vlmHandlers: Handlers<'pages.vlm'> = {
  /**
   * A reviewer sends the page open before them to the vision model, whatever the route would
   * say (handwriting OCR read as words, a table OCR scrambled). The model configured in the
   * user's pricing file reads it as a job of its own; the page is stored only if the reviewer
   * still holds it when the answer comes, and its cost is stored either way.
   */
  'pages.vlm': async ({ documentId, pageNo }, ctx) => {
    refuseWhileKeyed(ctx, documentId, pageNo)
    const run = await vlmRun({ pricingFile: null, maxPages: 1, maxCost: null })
    if (typeof run === 'string') {
      throw new AppError('invalid-input', run.replace(/^--vlm: /u, 'no vision model: '))
    }
    const pages = pagesToVlm(ctx.db, run.config, { documentId, page: pageNo })
    if (pages.length === 0) throw new AppError('invalid-input', 'the page cannot be rendered')
    const held = (page: PageRef) =>
      requireClaim(ctx, { documentId: page.documentId, pageNo: page.page })
    const jobId = ctx.jobs.startTask('vision model', async ({ signal, onProgress }) => {
      onProgress(0, 1)
      let failure: string | null = null
      await vlmStoredPages(ctx.db, pages, { ...run, signal, beforeStore: held }, (outcome) => {
        if (outcome.kind === 'read') ctx.emit('page.changed', { documentId, pageNo })
        else failure = outcome.why
      })
      onProgress(1, 1)
      if (failure !== null) throw new Error(`page ${pageNo}: ${failure}`)
    })
    return { jobId }
  }
}
