import { z } from 'zod'
import { FLAG_CODES, SEVERITIES } from '../shared/flags.js'
import { BLOCK_ROLES } from '../shared/layout.js'
import { PAGE_STATUSES } from '../shared/page.js'

const Box = z.tuple([z.number(), z.number(), z.number(), z.number()])

/**
 * One line of the cleaned-text JSONL (DESIGN.md "Cleaned-text export"). `text` and the blocks
 * follow the reviewer's corrections wherever a revision exists; bbox is in PDF points, origin at
 * the top-left of the unrotated page. The committed JSON Schema (jsonl-record.schema.json) is
 * generated from this and checked against it by the tests.
 */
export const JsonlRecord = z.strictObject({
  id: z.string().min(1).describe('gold-style entry name: <doc-stem>-p<NNN>'),
  source: z.string().describe('file name of the source PDF'),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  page: z.int().positive(),
  text: z
    .string()
    .describe(
      'the page text as drawn (ligatures, presentation forms and compatibility spaces normalised; NFKC with --normalize nfkc), blocks separated by blank lines, a list an item a line, a listing and a formula their lines'
    ),
  blocks: z
    .array(
      z.strictObject({
        id: z.int().nonnegative(),
        text: z
          .string()
          .describe(
            "the block's text: one paragraph, but a list's items, a listing's or a formula's lines a line each"
          ),
        bbox: Box,
        role: z.enum(BLOCK_ROLES),
        excluded: z.boolean(),
        items: z
          .array(
            z.strictObject({
              marker: z.string().describe('as drawn: "•", "–", "1.", "a)", "(iv)"; empty for none'),
              level: z.int().nonnegative().describe('nesting, 0 outermost, from the indentation'),
              text: z.string()
            })
          )
          .optional()
          .describe('a `list` block: its items, in order'),
        lines: z
          .array(z.string())
          .optional()
          .describe('a `code` block: its lines as drawn, indentation kept as spaces')
      })
    )
    .describe('every block of the page, in reading order'),
  flags: z.array(
    z.strictObject({
      code: z.enum(FLAG_CODES),
      severity: z.enum(SEVERITIES),
      message: z.string()
    })
  ),
  tables: z
    .array(
      z.strictObject({
        blocks: z.array(z.int().nonnegative()).describe('ids of the blocks the table is made of'),
        bbox: Box,
        rows: z.int().positive(),
        columns: z.int().positive(),
        header_rows: z
          .int()
          .nonnegative()
          .describe('how many of the first rows head the columns (0: none)'),
        cells: z.array(
          z.strictObject({
            row: z.int().nonnegative().describe('0-based, top down'),
            column: z.int().nonnegative().describe('0-based, in reading order along the row'),
            rowspan: z.int().positive().describe('rows the cell spans, from `row` down'),
            colspan: z.int().positive().describe("columns the cell spans (a group's header)"),
            text: z.string(),
            bbox: Box
          })
        ),
        caption: z
          .strictObject({ block: z.int().nonnegative(), text: z.string() })
          .optional()
          .describe('the caption block standing at the table ("Table 2: …"), where there is one'),
        html: z
          .string()
          .describe('the table as an HTML <table>, header rows as <th> in <thead>, spans kept')
      })
    )
    .optional()
    .describe("the page's tables, cells row by row; present only on pages with tables"),
  formulas: z
    .array(
      z.strictObject({
        blocks: z
          .array(z.int().nonnegative())
          .describe('ids of the `formula` blocks it is made of'),
        bbox: Box,
        lines: z.array(z.string()).describe('its rows top down, pieces on one row left to right')
      })
    )
    .optional()
    .describe("the page's display formulas; present only on pages with formulas"),
  pictures: z
    .array(
      z.strictObject({
        bbox: Box,
        width: z.int().nonnegative().describe("the image's own width in pixels"),
        height: z.int().nonnegative().describe("the image's own height in pixels"),
        caption: z
          .strictObject({ block: z.int().nonnegative(), text: z.string() })
          .optional()
          .describe('the caption block standing at the picture ("Fig. 3. …"), where there is one')
      })
    )
    .optional()
    .describe(
      "the page's pictures (image areas; a scan's page image and specks left out); present only on pages with pictures"
    ),
  status: z.enum(PAGE_STATUSES),
  revision: z.int().positive().nullable().describe('latest revision id; null if never reviewed')
})
export type JsonlRecord = z.infer<typeof JsonlRecord>

export function jsonlSchema(): Record<string, unknown> {
  return z.toJSONSchema(JsonlRecord, { target: 'draft-2020-12' }) as Record<string, unknown>
}
