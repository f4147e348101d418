import { z } from 'zod'
import { DECISIONS, FLAG_CODES } from '../shared/flags.js'
import { BLOCK_ROLES } from '../shared/layout.js'
import { PAGE_STATUSES } from '../shared/page.js'

/**
 * How far a chunk's text can be trusted, worst page first: a person reviewed every page
 * (`reviewed`), the engine passed every unreviewed page (`ok`), or an unreviewed page was sent
 * to review or to OCR by the checks (its text may be wrong).
 */
export const CHUNK_TRUST = ['reviewed', 'ok', 'unreviewed_review', 'unreviewed_ocr'] as const
export type ChunkTrust = (typeof CHUNK_TRUST)[number]

const BBox = z
  .tuple([z.number(), z.number(), z.number(), z.number()])
  .describe('x0, y0, x1, y1 in PDF points, origin top-left of the unrotated page')

export const ChunkPage = z.strictObject({
  page: z.int().positive(),
  bbox: BBox.describe('the union of the chunk text drawn on this page, clipped to the page'),
  decision: z.enum(DECISIONS).describe("the checks' decision for the page"),
  flags: z.array(z.enum(FLAG_CODES)).describe("the page's flag codes"),
  status: z.enum(PAGE_STATUSES).describe('review status of the page'),
  revision: z
    .int()
    .positive()
    .nullable()
    .describe('the revision the text comes from; null: the automatic extraction')
})
export type ChunkPage = z.infer<typeof ChunkPage>

/**
 * One line of `recto export --chunks`: a piece of a document's cleaned text, cut at its headings
 * and at a size target, with where it stands and how far to trust it. The committed JSON Schema
 * (chunk-record.schema.json) is generated from this and checked against it by the tests.
 */
export const ChunkRecord = z.strictObject({
  id: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .describe(
      'stable: SHA-256 of the index, the first page and the text, not of the file bytes (a re-saved PDF keeps its ids)'
    ),
  source: z.string().describe('file name of the source PDF'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  index: z.int().nonnegative().describe("the chunk's place in its document, from 0"),
  text: z
    .string()
    .min(1)
    .describe(
      'as drawn (ligatures, presentation forms and compatibility spaces normalised); paragraphs separated by blank lines, table rows by \\n'
    ),
  heading_path: z
    .array(z.string())
    .describe('the headings the text stands under, outermost first; its own heading included'),
  pages: z.array(ChunkPage).min(1).describe('one entry per page the text is drawn on, in order'),
  roles: z.array(z.enum(BLOCK_ROLES)).describe('roles of the blocks the text comes from'),
  reviewed: z.boolean().describe('a person reviewed every page the chunk comes from'),
  trust: z.enum(CHUNK_TRUST)
})
export type ChunkRecord = z.infer<typeof ChunkRecord>

export function chunkSchema(): Record<string, unknown> {
  return z.toJSONSchema(ChunkRecord, { target: 'draft-2020-12' }) as Record<string, unknown>
}
