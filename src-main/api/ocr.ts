import type { Handlers } from './handler.js'

export const ocrHandlers: Handlers<'pages.ocr'> = {
  'pages.ocr': ({ documentId, pageNo, turn }, ctx) => ({
    jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn })
  })
}
