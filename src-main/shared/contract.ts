import { z } from 'zod'
import { ACCOUNT_METHODS } from './contract-accounts.js'
import { DECISIONS, FLAG_CODES, SEVERITIES, type Flag } from './flags.js'
import { MAP_SOURCES } from './font-map.js'
import { BLOCK_ROLES, type OcrSummary } from './layout.js'
import { DOCUMENT_STATUSES, PAGE_STATUSES, TURNS } from './page.js'
import { LINE_METHODS } from './page-lines.js'
import { PlanSummary } from './plan-summary.js'

/**
 * The one API the UI talks to, whatever carries it (Electron IPC or HTTP). Every call is
 * `domain.verb`; the dispatcher validates inputs with these schemas once, and handlers trust them.
 */

const Id = z.int().positive()
const DocumentId = Id
const PageNo = Id
const BlockId = z.int().nonnegative()
const PageRef = z.strictObject({ documentId: DocumentId, pageNo: PageNo })
/** x0, y0, x1, y1 in PDF points of the unrotated page, y down (shared/layout.ts). */
const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()])

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

/** The largest PDF a browser may upload to `recto serve` (the desktop app adds files by path). */
export const MAX_UPLOAD_BYTES = 100 * 2 ** 20

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const

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

export const JobError = z.object({ file: z.string(), reason: z.string() })

/** A full snapshot of a job, never a delta: a late listener catches up from any one of them. */
export const JobSnapshot = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Files done and in all. */
  files: z.object({ done: z.int(), total: z.int() }),
  /** Pages done and, as far as known yet, in all. */
  pages: z.object({ done: z.int(), total: z.int() }),
  pagesPerSecond: z.number(),
  /** Seconds left at the current rate; null until a rate is known. */
  etaSeconds: z.number().nullable(),
  errors: z.array(JobError),
  startedAt: z.string(),
  finishedAt: z.string().nullable()
})
export type JobSnapshot = z.infer<typeof JobSnapshot>

/** A page that becomes a gold entry (approved or corrected), as the Gold screen lists it. */
export const GoldEntry = z.object({
  entry: z.string(),
  documentId: DocumentId,
  documentName: z.string(),
  pageNo: PageNo,
  status: z.enum(PAGE_STATUSES),
  flags: z.array(z.enum(FLAG_CODES)),
  reviewer: z.string().nullable(),
  time: z.string().nullable()
})
export type GoldEntry = z.infer<typeof GoldEntry>

const ErrorRate = z.object({ distance: z.int(), length: z.int(), rate: z.number() })
const ExtractorMean = z.object({
  entries: z.int(),
  cer: z.number(),
  wer: z.number(),
  pooledCer: z.number(),
  pooledWer: z.number()
})

/** `recto score --json`: CER/WER per gold entry and extractor, means, and mean CER per flag. */
export const ScoreReport = z.object({
  gold: z.string(),
  extractors: z.array(z.string()),
  withoutText: z.array(z.string()),
  skipped: z.array(z.object({ entry: z.string(), reason: z.string() })),
  entries: z.array(
    z.object({
      entry: z.string(),
      from: z.enum(['database', 'engine']),
      flags: z.array(z.enum(FLAG_CODES)),
      scores: z.record(z.string(), z.object({ cer: ErrorRate, wer: ErrorRate }).nullable())
    })
  ),
  means: z.record(z.string(), ExtractorMean.nullable()),
  byFlag: z.record(z.string(), z.record(z.string(), ExtractorMean.nullable()))
})
export type ScoreReport = z.infer<typeof ScoreReport>

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

const Empty = z.strictObject({})

/** A page's double keying as a keyer may see it: their own keying, never another's. */
export const KeyingState = z.object({
  required: z.boolean(),
  /** How many keyings are in (0, 1 or 2). */
  keyings: z.int(),
  mine: z.string().nullable(),
  adjudicated: z.boolean()
})
export type KeyingState = z.infer<typeof KeyingState>

const Keying = z.object({ keyer: z.string(), text: z.string(), keyedAt: z.string() })
/** A keyed page's text: bounded well below the server's request body limit. */
const KeyedText = z.string().max(1_000_000)

/** The exports besides the gold set (which has its own calls and screen). */
export const EXPORT_FORMATS = ['jsonl', 'markdown', 'page-xml'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const ExportSummary = z.object({
  format: z.enum(EXPORT_FORMATS),
  /** The file (JSONL) or folder written. */
  target: z.string(),
  /** Pages (JSONL, PAGE-XML) or documents (Markdown) exported. */
  count: z.int(),
  of: z.enum(['pages', 'documents']),
  /** Files written new, rewritten, and left as they were (same bytes). */
  added: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  errors: z.array(z.object({ entry: z.string(), reason: z.string() }))
})
export type ExportSummary = z.infer<typeof ExportSummary>

/** A font program (the SHA-256 of an embedded font file) whose map Recto repaired. */
const FontProgramId = z.string().regex(/^[0-9a-f]{64}$/)

export const FontProgramSummary = z.object({
  id: FontProgramId,
  name: z.string(),
  codeWidth: z.union([z.literal(1), z.literal(2)]),
  /** Lines of its glyphs recognised to learn the map. */
  linesRead: z.int(),
  updatedAt: z.string(),
  /** Codes mapped, by where their text came from. */
  codes: z.object({ ocr: z.int(), reviewer: z.int(), edited: z.int() }),
  /** Documents that embed the program. */
  documents: z.int()
})
export type FontProgramSummary = z.infer<typeof FontProgramSummary>

export const FontCode = z.object({
  code: z.int().nonnegative(),
  text: z.string(),
  source: z.enum(MAP_SOURCES),
  /** Readings that gave this text, of all the code's readings (0 of 0 for an edited code). */
  votes: z.int(),
  seen: z.int(),
  /** One sighting of the glyph as drawn, a base64 PNG; null when none was rendered. */
  glyph: z.string().nullable()
})
export type FontCode = z.infer<typeof FontCode>

export const METHODS = {
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
  'documents.remove': { input: z.strictObject({ documentId: DocumentId }), output: Empty },
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
  },
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
  },
  'gold.entries': {
    input: z.strictObject({ limit: z.int().min(1).max(1000).default(500) }),
    output: z.object({
      /** Where an export goes unless the reviewer picks another folder: beside the database. */
      defaultDir: z.string(),
      total: z.int(),
      items: z.array(GoldEntry)
    })
  },
  'gold.export': {
    input: z.strictObject({ dir: z.string().min(1), perDocument: z.boolean().default(false) }),
    output: z.object({
      dir: z.string(),
      entries: z.int(),
      added: z.array(z.string()),
      changed: z.array(z.string()),
      unchanged: z.array(z.string()),
      removed: z.array(z.string()),
      errors: z.array(z.object({ entry: z.string(), reason: z.string() })),
      /** Double-keyed pages not gold yet: a keying or the adjudication is missing. */
      awaitingAdjudication: z.array(z.string())
    })
  },
  'gold.score': { input: z.strictObject({ dir: z.string().min(1) }), output: ScoreReport },
  /** Where each export goes unless the reviewer names another file or folder. */
  'exports.targets': {
    input: Empty,
    output: z.object({ jsonl: z.string(), markdown: z.string(), 'page-xml': z.string() })
  },
  /** Writes the whole project in a format to a file (JSONL) or folder the reviewer names. */
  'exports.run': {
    input: z.strictObject({ format: z.enum(EXPORT_FORMATS), target: z.string().min(1) }),
    output: ExportSummary
  },
  'fonts.list': {
    input: z.strictObject({ documentId: DocumentId.optional() }),
    output: z.array(FontProgramSummary)
  },
  'fonts.codes': {
    input: z.strictObject({ program: FontProgramId }),
    output: z.array(FontCode)
  },
  'fonts.repair': {
    input: z.strictObject({
      documentId: DocumentId,
      /** The language OCR reads the glyphs in (Tesseract's code). */
      language: z
        .string()
        .regex(/^[a-z_]{3,8}$/)
        .default('eng')
    }),
    /**
     * A job (kind `font-repair`): its pages count the lines read by OCR of those sampled; the
     * documents embedding a repaired program are read again at its end (`documents.changed`).
     */
    output: z.object({ jobId: z.string() })
  },
  'fonts.setCode': {
    input: z.strictObject({
      program: FontProgramId,
      code: z.int().nonnegative().max(0xffff),
      text: z.string().min(1).max(8)
    }),
    output: z.object({ documents: z.array(DocumentId) })
  },
  'fonts.learnFromReview': {
    input: z.strictObject({ documentId: DocumentId }),
    output: z.object({
      /** Codes whose text the reviewer's corrected words changed. */
      codes: z.int(),
      documents: z.array(DocumentId)
    })
  },
  'fonts.cmap': {
    input: z.strictObject({ program: FontProgramId }),
    output: z.object({ fileName: z.string(), cmap: z.string() })
  },
  /**
   * What the cascade would do to the project (`recto plan --db`): pages per decision, OCR time
   * from the throughput `recto plan` measured on this machine, vision-model costs under the
   * user's pricing file. Never runs OCR itself.
   */
  'plan.summary': { input: Empty, output: PlanSummary },
  'jobs.list': { input: Empty, output: z.array(JobSnapshot) },
  'jobs.cancel': { input: z.strictObject({ jobId: z.string().min(1) }), output: Empty },
  /** Marks unreviewed pages as needing two independent keyings and an adjudication. */
  'keying.require': {
    input: z.strictObject({ pages: z.array(PageRef).min(1).max(100_000) }),
    output: z.object({ required: z.int() })
  },
  'keying.state': { input: PageRef, output: KeyingState },
  /** The caller's keying of a double-keyed page; their claim on it is released. */
  'keying.submit': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, text: KeyedText }),
    output: KeyingState
  },
  /** Both keyings and their agreement (CER of the second against the first): for an adjudicator. */
  'keying.adjudication': {
    input: PageRef,
    output: z.object({
      keyings: z.tuple([Keying, Keying]),
      agreementCer: z.number(),
      machineText: z.string()
    })
  },
  /** Approves the adjudicated text as the page's revision, signed by the adjudicator. */
  'keying.adjudicate': {
    input: z.strictObject({ documentId: DocumentId, pageNo: PageNo, text: KeyedText }),
    output: z.object({ revisionId: z.int() })
  },
  /** Marks `count` unreviewed pages drawn at random (the same `seed` draws the same pages). */
  'keying.sample': {
    input: z.strictObject({
      count: z.int().min(1).max(100_000),
      seed: z.string().min(1).max(200).default('recto')
    }),
    output: z.object({ required: z.int() })
  },
  /** Page counts of the project's double keying: waiting for a keying, for adjudication, done. */
  'keying.summary': {
    input: Empty,
    output: z.object({
      awaitingKeying: z.int(),
      awaitingAdjudication: z.int(),
      adjudicated: z.int()
    })
  },
  ...ACCOUNT_METHODS
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export type MethodName = keyof typeof METHODS
export type Input<M extends MethodName> = z.input<(typeof METHODS)[M]['input']>
export type ParsedInput<M extends MethodName> = z.output<(typeof METHODS)[M]['input']>
export type Output<M extends MethodName> = z.output<(typeof METHODS)[M]['output']>

export const METHOD_NAMES = Object.keys(METHODS) as MethodName[]

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(METHODS, name)
}

/** Events the backend pushes to every window or browser tab. */
export type Events = {
  'job.progress': JobSnapshot
  'job.finished': JobSnapshot
  'documents.changed': Record<string, never>
  'page.changed': z.infer<typeof PageRef>
  /** A reviewer of a shared project claimed or released a page (`recto serve` sends it). */
  'claims.changed': Record<string, never>
  /** Pages written so far by a running gold export. */
  'gold.progress': { done: number; total: number }
  /** Pages written so far by a running export of another format. */
  'export.progress': { format: ExportFormat; done: number; total: number }
  /** A menu command of the desktop app that the screen carries out (the focused field decides). */
  'app.command': { command: AppCommand }
}

export const APP_COMMANDS = ['undo', 'redo'] as const
export type AppCommand = (typeof APP_COMMANDS)[number]
export type EventName = keyof Events

/** Pushes one event to every listener, whichever transport carries it. */
export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void

export const ERROR_CODES = [
  'unknown-method',
  'invalid-input',
  'not-found',
  'conflict',
  'forbidden',
  'internal'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** How every failure crosses a transport: a code to branch on and words for a person. */
export type RpcError = Readonly<{ code: ErrorCode; message: string }>

export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: RpcError }

/** What the preload exposes as `window.api`, and what the HTTP transport imitates. */
export type BackendBridge = Readonly<{
  invoke(method: string, input: unknown): Promise<RpcResult<unknown>>
  on(event: EventName, listener: (payload: unknown) => void): () => void
}>
