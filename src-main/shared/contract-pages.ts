import { z } from 'zod'
import { BBox, BlockId, DocumentId, Id, PageNo, PageRef } from './contract-ids.js'
import { DECISIONS, FLAG_CODES, SEVERITIES, type Flag } from './flags.js'
import { BLOCK_ROLES, type OcrSummary } from './layout.js'
import { PAGE_STATUSES, TURNS } from './page.js'
import { LINE_METHODS } from './page-lines.js'

export const QueueFilter = z.strictObject({
  flag: z.enum(FLAG_CODES).optional(),
  decision: z.enum(DECISIONS).optional(),
  status: z.enum(PAGE_STATUSES).optional(),
  documentId: DocumentId.optional(),
  /** Only the pages the engine sends to a person (decision review or ocr). */
  attention: z.boolean().optional()
})
export type QueueFilter = z.infer<typeof QueueFilter>

/** Where a queue listing stopped; pass it back as `after` for the items that follow. */
export const QueueCursor = z.strictObject({
  rank: z.number(),
  documentId: DocumentId,
  page: PageNo
})
export type QueueCursor = z.infer<typeof QueueCursor>

export const QueueItem = z.object({
  documentId: DocumentId,
  documentName: z.string(),
  pageNo: PageNo,
  decision: z.enum(DECISIONS),
  quality: z.number(),
  /** Severity of the page's worst flag; null when it has none. */
  worstSeverity: z.enum(SEVERITIES).nullable(),
  status: z.enum(PAGE_STATUSES),
  /** The page's flags, worst first. */
  flags: z.array(z.object({ code: z.enum(FLAG_CODES), severity: z.enum(SEVERITIES) }))
})
export type QueueItem = z.infer<typeof QueueItem>

/** What a reviewer has made of the page; the extraction itself when nobody has touched it. */
export const PageState = z.object({
  /** null while the page has no revision. */
  revisionId: Id.nullable(),
  order: z.array(BlockId),
  excluded: z.array(BlockId),
  /** Corrected text of single blocks, keyed by block id; blocks not listed keep the extraction. */
  blockText: z.record(z.string(), z.string()),
  /**
   * The page's text as edited by hand, when it is no longer what the engine composes from the
   * order, exclusions and block texts; null otherwise.
   */
  pageText: z.string().nullable(),
  /** The page's text as the engine composes it from the state above. */
  text: z.string(),
  status: z.enum(PAGE_STATUSES),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  /**
   * Names the page's blocks as the reviewer made them ('' for the extraction's): when it differs
   * from the one the screen drew, the screen fetches the page again.
   */
  structureKey: z.string()
})
export type PageState = z.infer<typeof PageState>

/** A word OCR read with a confidence below LOW_CONFIDENCE (src-main/ocr/ocr-layout.ts). */
export const DoubtfulWord = z.object({
  blockId: BlockId,
  text: z.string(),
  bbox: BBox,
  confidence: z.number()
})
export type DoubtfulWord = z.infer<typeof DoubtfulWord>

/**
 * What the review screen draws of a page's layout (shared/layout.ts): its size and turn, each
 * block's box, and what OCR did. The lines, spans and character edges stay in the engine, which
 * sends what the screen shows of them (block text, doubtful words): over the corpus the whole
 * layout was 72 kB of JSON a page on average, and 577 kB on its densest page, against 9 and 14.
 */
export const PageOutline = z.object({
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  blocks: z.array(z.object({ id: BlockId, bbox: BBox, source: z.enum(['ocr', 'vlm']).optional() })),
  ocr: z.custom<OcrSummary>((value) => typeof value === 'object' && value !== null).optional()
})
export type PageOutline = z.infer<typeof PageOutline>

export const PageDetail = z.object({
  documentId: DocumentId,
  documentName: z.string(),
  /** The SHA-256 of the document's bytes: a page image drawn for it must have been rendered from them. */
  documentSha256: z.string(),
  pageNo: PageNo,
  pageCount: z.int(),
  layout: PageOutline,
  autoOrder: z.array(BlockId),
  roles: z.array(z.enum(BLOCK_ROLES)),
  /** Extracted text of each block, indexed by block id, as the engine composes it. */
  blockText: z.array(z.string()),
  /** Each block's lines, indexed by block id: where a block can be split. */
  blockLines: z.array(z.array(z.string())),
  /** The page's text as extracted, before any review. */
  extractedText: z.string(),
  decision: z.enum(DECISIONS),
  quality: z.number(),
  flags: z.array(z.custom<Flag>((value) => typeof value === 'object' && value !== null)),
  /** Words of the page OCR was unsure of, for the review screen to mark; empty without OCR. */
  doubtfulWords: z.array(DoubtfulWord),
  state: PageState
})
export type PageDetail = z.infer<typeof PageDetail>

/** The pages: the review queue, a page with its image and lines, and OCR or a vision model asked for it. */
export const PAGE_METHODS = {
  'pages.queue': {
    input: z.strictObject({
      filter: QueueFilter.default({}),
      after: QueueCursor.optional(),
      limit: z.int().min(1).max(500).default(100)
    }),
    output: z.object({
      /** Pages matching the filter, in all. */
      total: z.int(),
      items: z.array(QueueItem),
      next: QueueCursor.nullable()
    })
  },
  'pages.get': { input: PageRef, output: PageDetail },
  ...LINE_METHODS,
  'pages.adjacent': {
    input: z.strictObject({
      documentId: DocumentId,
      pageNo: PageNo,
      direction: z.enum(['next', 'previous']),
      filter: QueueFilter.default({})
    }),
    output: PageRef.nullable()
  },
  'pages.image': {
    input: z.strictObject({
      documentId: DocumentId,
      pageNo: PageNo,
      /** Pixels per PDF point: 1 is 72 dpi; the UI asks for its zoom times devicePixelRatio. */
      scale: z.number().min(0.05).max(8)
    }),
    /** The image, and the file (its SHA-256), page and scale it was rendered for. */
    output: z.object({
      png: z.string(),
      width: z.int(),
      height: z.int(),
      sha256: z.string(),
      pageNo: PageNo,
      scale: z.number()
    })
  },
  /**
   * OCR of the pages that need it (decided `ocr`, or `text_images`) and have not had it, and of
   * the pages marked for OCR: one page, a document's, or the whole project's when both are left
   * out. `turn` reads the one page again, whole, turned clockwise first. A job like an ingest.
   */
  'pages.ocr': {
    input: z
      .strictObject({
        documentId: DocumentId.optional(),
        pageNo: PageNo.optional(),
        turn: z.union(TURNS.map((turn) => z.literal(turn))).optional()
      })
      .refine((input) => input.pageNo === undefined || input.documentId !== undefined, {
        message: 'pageNo needs its documentId'
      })
      .refine((input) => input.turn === undefined || input.pageNo !== undefined, {
        message: 'turn reads one page again: it needs its pageNo'
      }),
    output: z.object({ jobId: z.string() })
  },
  /** Sends one page to the vision model of the user's pricing file, as a job (vlm/). */
  'pages.vlm': { input: PageRef, output: z.object({ jobId: z.string() }) },
  'pages.flagCounts': {
    input: z.strictObject({ documentId: DocumentId.optional() }),
    /** Pages carrying each flag, for the queue's filter; flags no page carries are left out. */
    output: z.array(z.object({ code: z.enum(FLAG_CODES), pages: z.int() }))
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
