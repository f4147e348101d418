import { AppError, notFound } from './errors.js'
import type { Handlers } from './handler.js'

export const jobHandlers: Handlers<'jobs.list' | 'jobs.cancel'> = {
  'jobs.list': (_input, ctx) => ctx.jobs.list(),

  'jobs.cancel': ({ jobId }, ctx) => {
    const outcome = ctx.jobs.cancel(jobId)
    if (outcome === 'not-found') throw notFound(`job ${jobId}`)
    if (outcome === 'running') {
      throw new AppError(
        'conflict',
        'an ingest cannot be stopped once it runs; it keeps every page'
      )
    }
    return {}
  }
}
