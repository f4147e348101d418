import type { PageRef } from '../ocr/stored-pages.js'
import type { Handlers } from './handler.js'
import { requireClaim } from './page-claim.js'
import { refuseWhileKeyed } from './keyings.js'

export const ocrHandlers: Handlers<'pages.ocr'> = {
  'pages.ocr': ({ documentId, pageNo, turn }, ctx) => {
    if (documentId === undefined || pageNo === undefined) {
      return { jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn }) }
    }
    // OCR replaces the page's blocks and text: on a page waiting for its keyings, refused as an
    // edit is. A document's or the project's run leaves such pages out (pagesToOcr).
    refuseWhileKeyed(ctx, documentId, pageNo)
    // The page is read for seconds: it is stored only if the reviewer still holds it then.
    const held = (page: PageRef) =>
      requireClaim(ctx, { documentId: page.documentId, pageNo: page.page })
    return { jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn }, held) }
  }
}
