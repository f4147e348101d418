import { z } from 'zod'
import { BBox, BlockId, DocumentId, Id, PageNo, PageRef } from './contract-ids.js'
import { PageState } from './contract-pages.js'
import { BLOCK_ROLES } from './layout.js'
import { PAGE_STATUSES } from './page.js'

/** One change to a page's blocks (shared/page-structure.ts); each is a revision, undoable. */
export const StructureEdit = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('role'), id: BlockId, role: z.enum(BLOCK_ROLES) }),
  z.strictObject({ kind: z.literal('merge'), ids: z.array(BlockId).min(2) }),
  /** Splits the block before its line `line` (0-based; the first line cannot be split off). */
  z.strictObject({ kind: z.literal('split'), id: BlockId, line: z.int().min(1) }),
  /** A block drawn on the page: it takes the text-layer lines whose centre lies inside. */
  z.strictObject({
    kind: z.literal('region'),
    bbox: BBox.refine(([x0, y0, x1, y1]) => x1 > x0 && y1 > y0, 'an empty box'),
    role: z.enum(BLOCK_ROLES).default('body')
  }),
  z.strictObject({ kind: z.literal('delete'), id: BlockId })
])
export type StructureEdit = z.output<typeof StructureEdit>

export const RevisionSummary = z.object({
  id: Id,
  createdAt: z.string(),
  author: z.string(),
  action: z.string(),
  status: z.enum(PAGE_STATUSES),
  /** What it changed against the revision before it, in a few words each. */
  changes: z.array(z.string()),
  /** The action across pages it came from ("order from page 1 of report.pdf"), if any. */
  from: z.string().nullable(),
  /** The page's text as this revision left it. */
  text: z.string()
})
export type RevisionSummary = z.infer<typeof RevisionSummary>

export const RevisionInput = z.strictObject({
  documentId: DocumentId,
  pageNo: PageNo,
  order: z.array(BlockId),
  excluded: z.array(BlockId),
  blockText: z.record(z.string().regex(/^\d+$/), z.string()),
  pageText: z.string().nullable(),
  status: z.enum(PAGE_STATUSES)
})
export type RevisionInput = z.input<typeof RevisionInput>

/** A page of the same layout as an example page, with the example's fix mapped onto it. */
export const LayoutProposal = z.object({
  documentId: DocumentId,
  documentName: z.string(),
  pageNo: PageNo,
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  /** The page's blocks in the proposed reading order. */
  blocks: z.array(
    z.object({ id: BlockId, bbox: BBox, excluded: z.boolean(), role: z.enum(BLOCK_ROLES) })
  ),
  /** How close its blocks lie to the example's: 1 where they coincide, 0 at the tolerance. */
  fit: z.number()
})
export type LayoutProposal = z.infer<typeof LayoutProposal>

/** Literal text or a regular expression, looked for in the pages' texts as they stand. */
export const TextQuery = z.strictObject({
  pattern: z.string().min(1).max(1000),
  regex: z.boolean().default(false),
  caseSensitive: z.boolean().default(true)
})

export const TextMatch = z.object({
  documentId: DocumentId,
  documentName: z.string(),
  pageNo: PageNo,
  before: z.string(),
  match: z.string(),
  after: z.string(),
  /** The line the match is on, in page points; null where no single line holds it. */
  box: BBox.nullable(),
  width: z.number(),
  height: z.number(),
  rotation: z.number()
})
export type TextMatch = z.infer<typeof TextMatch>

/** An action across pages, made as one revision a page; `batches.undo` takes it back as one. */
const BatchResult = z.object({
  batchId: Id,
  label: z.string(),
  /** Pages that got a revision. */
  pages: z.int(),
  skipped: z.array(z.object({ documentId: DocumentId, pageNo: PageNo, reason: z.string() }))
})
export type BatchResult = z.infer<typeof BatchResult>

/** A reviewer's changes: revisions of one page, and fixes taught or replaced across pages as batches. */
export const REVIEW_METHODS = {
  'revisions.save': { input: RevisionInput, output: PageState },
  'revisions.history': { input: PageRef, output: z.array(RevisionSummary) },
  'revisions.undo': { input: PageRef, output: PageState },
  'revisions.redo': { input: PageRef, output: PageState },
  /** Changes the page's blocks (role, merge, split, region, delete) as a new revision. */
  'revisions.restructure': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, edit: StructureEdit }),
    output: PageState
  },
  /** Makes an earlier revision's state the page's state again, as a new revision. */
  'revisions.restore': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, revisionId: Id }),
    output: PageState
  },
  /**
   * The pages of the project that share the page's layout (layout-match/layout-match.ts), each
   * with the page's order, left-out blocks and roles mapped onto its own blocks.
   */
  'teach.similar': {
    input: PageRef,
    output: z.object({
      /** The tolerance of the match, in words. */
      measure: z.string(),
      /** What the page teaches: 'order', 'left-out blocks', 'roles'; empty: nothing of its own. */
      taught: z.array(z.string()),
      /** Pages of the same size and number of blocks that were compared block by block. */
      examined: z.int(),
      proposals: z.array(LayoutProposal)
    })
  },
  /** Gives the pages named the example page's fix, one revision each, as one batch. */
  'teach.apply': {
    input: z.strictObject({
      documentId: DocumentId,
      pageNo: PageNo,
      targets: z.array(PageRef).min(1).max(5000)
    }),
    output: BatchResult
  },
  /** Undoes a batch (a taught fix with its example page's edit, a replace) on every page at once. */
  'batches.undo': {
    input: z.strictObject({ batchId: Id }),
    output: z.object({
      label: z.string(),
      pages: z.int(),
      /** Pages changed since the batch, waiting for keyings or held by another: left as they are. */
      skipped: z.array(PageRef)
    })
  },
  'replace.find': {
    input: z.strictObject({ query: TextQuery, documentIds: z.array(DocumentId).min(1).optional() }),
    output: z.object({
      matches: z.array(TextMatch),
      /** Pages with a match among those listed. */
      pages: z.int(),
      /** More matches than listed exist. */
      truncated: z.boolean()
    })
  },
  /** Replaces the query's matches on the pages named, one revision a page, as one batch. */
  'replace.apply': {
    input: z.strictObject({
      query: TextQuery,
      replacement: z.string().max(1000),
      pages: z.array(PageRef).min(1).max(5000)
    }),
    output: BatchResult
  },
  /** Words that are no word of their page's language, and what a common OCR confusion makes them. */
  'replace.suggestions': {
    input: z.strictObject({ documentIds: z.array(DocumentId).min(1).optional() }),
    output: z.array(
      z.object({
        word: z.string(),
        fixed: z.string(),
        read: z.string(),
        meant: z.string(),
        /** Pages the word is on. */
        pages: z.int()
      })
    )
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
