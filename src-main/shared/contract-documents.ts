import { z } from 'zod'
import { DocumentId, Empty } from './contract-ids.js'
import { DOCUMENT_STATUSES } from './page.js'

/** The largest PDF a browser may upload to `recto serve` (the desktop app adds files by path). */
export const MAX_UPLOAD_BYTES = 100 * 2 ** 20

export const DocumentSummary = z.object({
  id: DocumentId,
  name: z.string(),
  path: z.string(),
  bytes: z.int(),
  pageCount: z.int().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  error: z.string().nullable(),
  /** Pages whose worst flag has each severity. */
  flagged: z.object({ error: z.int(), warn: z.int(), info: z.int() }),
  /** Pages the engine sends to a person (decision review or ocr). */
  toReview: z.int(),
  /** Pages whose status is no longer `unreviewed`. */
  reviewed: z.int(),
  addedAt: z.string()
})
export type DocumentSummary = z.infer<typeof DocumentSummary>

/** The documents of a project: listing, adding, reading again, unlocking, removing. */
export const DOCUMENT_METHODS = {
  'documents.list': { input: Empty, output: z.array(DocumentSummary) },
  /**
   * With `cascade`, the ingest is followed by the rest of the cascade over the documents it read
   * (font repair, then OCR of the pages still unusable) as a job of its own, kind `ocr`.
   */
  'documents.add': {
    input: z.strictObject({
      paths: z.array(z.string().min(1)).min(1),
      cascade: z.boolean().optional()
    }),
    output: z.object({ jobId: z.string() })
  },
  /**
   * A PDF picked in a browser, which cannot name a path on the engine's machine: its bytes are
   * kept beside the project (`<project>-uploads/`) and ingested like any added file, with the
   * cascade following as `documents.add`'s `cascade` says.
   */
  'documents.upload': {
    input: z.strictObject({
      name: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[^/\\\0]+$/u, 'a file name, not a path')
        .refine((name) => name !== '.' && name !== '..', 'a file name, not a path'),
      /** The file's bytes, base64. */
      data: z
        .base64()
        .max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4, `larger than ${MAX_UPLOAD_BYTES / 2 ** 20} MB`),
      cascade: z.boolean().optional()
    }),
    output: z.object({ jobId: z.string(), path: z.string() })
  },
  /**
   * Reads a document recorded in error again, from every path its bytes were seen under; with
   * the password of an encrypted file, which the engine keeps in memory for the session only.
   */
  'documents.retry': {
    input: z.strictObject({
      documentId: DocumentId,
      password: z.string().min(1).max(1024).optional()
    }),
    output: z.object({ jobId: z.string() })
  },
  /**
   * Gives the password of an encrypted document whose pages were read in an earlier session:
   * checked against its file, then kept in memory for this session only, for its page images.
   */
  'documents.unlock': {
    input: z.strictObject({ documentId: DocumentId, password: z.string().min(1).max(1024) }),
    output: Empty
  },
  /** Removes a document and all it holds (pages, flags, revisions) from the project. */
  'documents.remove': { input: z.strictObject({ documentId: DocumentId }), output: Empty }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
