import { z } from 'zod'

/** The ids and shapes by which every area of the contract names a document, a page or a block. */
export const Id = z.int().positive()
export const DocumentId = Id
export const PageNo = Id
export const BlockId = z.int().nonnegative()
export const PageRef = z.strictObject({ documentId: DocumentId, pageNo: PageNo })
/** x0, y0, x1, y1 in PDF points of the unrotated page, y down (shared/layout.ts). */
export const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()])
/** The input of a call that takes none. */
export const Empty = z.strictObject({})
