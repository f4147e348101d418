import type { Handlers } from './handler.js'

export const ocrHandlers: Handlers<'pages.ocr'> = {
  'pages.ocr': ({ documentId, pageNo }, ctx) => ({
    jobId: ctx.jobs.startOcr({ documentId, page: pageNo })
  })
}
