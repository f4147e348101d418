import { listDocumentReviews } from '../store/review.js'
import type { Handlers } from './handler.js'

export const documentHandlers: Handlers<'documents.list' | 'documents.add'> = {
  'documents.list': (_input, ctx) => listDocumentReviews(ctx.db),

  'documents.add': ({ paths }, ctx) => ({ jobId: ctx.jobs.start(paths) })
}
