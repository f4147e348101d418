import type { Handlers } from './handler.js'
import { refuseWhileKeyed } from './keyings.js'

export const ocrHandlers: Handlers<'pages.ocr'> = {
  'pages.ocr': ({ documentId, pageNo, turn }, ctx) => {
    // OCR replaces the page's blocks and text: on a page waiting for its keyings, refused as an
    // edit is. A document's or the project's run leaves such pages out (pagesToOcr).
    if (documentId !== undefined && pageNo !== undefined) refuseWhileKeyed(ctx, documentId, pageNo)
    return { jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn }) }
  }
}
