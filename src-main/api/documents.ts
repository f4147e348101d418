import { listDocumentReviews } from '../store/review.js'
import type { Handlers } from './handler.js'
import { keepUpload } from './uploads.js'

export const documentHandlers: Handlers<'documents.list' | 'documents.add' | 'documents.upload'> = {
  'documents.list': (_input, ctx) => listDocumentReviews(ctx.db),

  'documents.add': ({ paths }, ctx) => ({ jobId: ctx.jobs.start(paths) }),

  // The file goes through the ingest as any other: a file that is not a PDF, or that cannot be
  // read, becomes a document in error with its reason, as `recto ingest` records it.
  'documents.upload': async ({ name, data }, ctx) => {
    const path = await keepUpload(ctx.dbFile, name, Buffer.from(data, 'base64'))
    return { jobId: ctx.jobs.start([path]), path }
  }
}
