import { documentPaths, getDocument, removeDocument } from '../store/documents.js'
import { listDocumentReviews } from '../store/review.js'
import { AppError, notFound } from './errors.js'
import { opensWith } from './session-passwords.js'
import type { Handlers } from './handler.js'
import { keepUpload } from './uploads.js'

export const documentHandlers: Handlers<
  | 'documents.list'
  | 'documents.add'
  | 'documents.upload'
  | 'documents.retry'
  | 'documents.unlock'
  | 'documents.remove'
> = {
  'documents.list': (_input, ctx) => listDocumentReviews(ctx.db),

  'documents.add': ({ paths, cascade }, ctx) => ({
    jobId: ctx.jobs.start(paths, { cascade: cascade ?? false })
  }),

  // The file goes through the ingest as any other: a file that is not a PDF, or that cannot be
  // read, becomes a document in error with its reason, as `recto ingest` records it.
  'documents.upload': async ({ name, data, cascade }, ctx) => {
    const path = await keepUpload(ctx.dbFile, name, Buffer.from(data, 'base64'))
    return { jobId: ctx.jobs.start([path], { cascade: cascade ?? false }), path }
  },

  'documents.retry': ({ documentId, password }, ctx) => {
    const document = getDocument(ctx.db, documentId)
    if (!document) throw notFound(`document ${documentId}`)
    if (password !== undefined) ctx.passwords.add(password)
    const paths = [...new Set([document.path, ...documentPaths(ctx.db, documentId)])]
    return { jobId: ctx.jobs.start(paths, { retryErrors: true }) }
  },

  'documents.unlock': async ({ documentId, password }, ctx) => {
    const document = getDocument(ctx.db, documentId)
    if (!document) throw notFound(`document ${documentId}`)
    const paths = [document.path, ...documentPaths(ctx.db, documentId)]
    if (!(await opensWith(paths, password))) {
      throw new AppError('invalid-input', `${document.name}: wrong password`)
    }
    ctx.passwords.add(password)
    return {}
  },

  'documents.remove': ({ documentId }, ctx) => {
    if (!removeDocument(ctx.db, documentId)) throw notFound(`document ${documentId}`)
    ctx.emit('documents.changed', {})
    return {}
  }
}
