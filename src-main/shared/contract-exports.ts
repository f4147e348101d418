import { z } from 'zod'
import { DocumentId, Empty, PageNo } from './contract-ids.js'
import { FLAG_CODES } from './flags.js'
import { PAGE_STATUSES } from './page.js'

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

/** What leaves the project: the gold set, its score, and the other formats. */
export const EXPORT_METHODS = {
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
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
