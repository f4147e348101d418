import type { PageRef } from '../ocr/stored-pages.js'
import { AppError } from './errors.js'
import type { Handlers } from './handler.js'
import { heldByAnother } from './held-pages.js'
import { claimRefusal, requireClaim } from './page-claim.js'
import { refuseWhileKeyed } from './keyings.js'

export const ocrHandlers: Handlers<'pages.ocr'> = {
  'pages.ocr': ({ documentId, pageNo, turn }, ctx) => {
    if (documentId === undefined || pageNo === undefined) {
      // A document's or the project's OCR (an admin's, in a team) leaves a page another reviewer
      // holds to them, as other actions across pages do: checked as each page is stored, since a
      // run takes minutes and claims come and go meanwhile.
      const free = (page: PageRef) => {
        const holder = heldByAnother(ctx, { documentId: page.documentId, pageNo: page.page })
        if (holder !== null) throw new AppError('conflict', claimRefusal(holder))
      }
      return { jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn }, free, ctx.author) }
    }
    // OCR replaces the page's blocks and text: on a page waiting for its keyings, refused as an
    // edit is. A document's or the project's run leaves such pages out (pagesToOcr).
    refuseWhileKeyed(ctx, documentId, pageNo)
    // The page is read for seconds: it is stored only if the reviewer still holds it then.
    const held = (page: PageRef) =>
      requireClaim(ctx, { documentId: page.documentId, pageNo: page.page })
    return { jobId: ctx.jobs.startOcr({ documentId, page: pageNo, turn }, held, ctx.author) }
  }
}
