import { z } from 'zod'
import { DocumentId } from './contract-ids.js'
import { MAP_SOURCES } from './font-map.js'

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

/** Font programs whose maps Recto repaired, code by code. */
export const FONT_METHODS = {
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
  }
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>
