import { notFound } from './errors.js'
import type { Handlers } from './handler.js'

export const jobHandlers: Handlers<'jobs.list' | 'jobs.cancel'> = {
  'jobs.list': (_input, ctx) => ctx.jobs.list(),

  'jobs.cancel': ({ jobId }, ctx) => {
    if (ctx.jobs.cancel(jobId) === 'not-found') throw notFound(`job ${jobId}`)
    return {}
  }
}
