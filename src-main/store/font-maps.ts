import type { MapSource } from '../shared/font-map.js'
import type { ReadableDB, WritableDB } from './db.js'
import { asBuffer } from './pages.js'

export type FontProgramRow = Readonly<{
  id: string
  name: string
  codeWidth: 1 | 2
  linesRead: number
  updatedAt: string
  /** Codes mapped, by source. */
  codes: Readonly<Record<MapSource, number>>
  documents: number
}>

export type FontCodeRow = Readonly<{
  code: number
  text: string
  source: MapSource
  votes: number
  seen: number
  glyph: Uint8Array | null
}>

export type FontCodeInput = Omit<FontCodeRow, 'glyph'> & Readonly<{ glyph?: Uint8Array | null }>

/** Creates the program's row or updates its name, width and lines read. */
export function saveFontProgram(
  db: WritableDB,
  program: Readonly<{ id: string; name: string; codeWidth: 1 | 2; linesRead: number }>,
  now: Date = new Date()
): void {
  db.prepare(
    `INSERT INTO font_programs (id, name, code_width, lines_read, updated_at)
     VALUES (@id, @name, @codeWidth, @linesRead, @now)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, code_width = excluded.code_width,
       lines_read = font_programs.lines_read + excluded.lines_read, updated_at = excluded.updated_at`
  ).run({ ...program, now: now.toISOString() })
}

/**
 * Stores codes of a program's map. A code a reviewer set (`edited`) is never replaced by a
 * learned reading; a learned one is replaced by a newer reading.
 */
export function saveFontCodes(
  db: WritableDB,
  program: string,
  codes: readonly FontCodeInput[]
): void {
  const insert = db.prepare(
    `INSERT INTO font_map_codes (program, code, text, source, votes, seen, glyph)
     VALUES (@program, @code, @text, @source, @votes, @seen, @glyph)
     ON CONFLICT (program, code) DO UPDATE SET text = excluded.text, source = excluded.source,
       votes = excluded.votes, seen = excluded.seen,
       glyph = coalesce(excluded.glyph, font_map_codes.glyph)
     WHERE font_map_codes.source <> 'edited' OR excluded.source = 'edited'`
  )
  db.transaction(() => {
    for (const code of codes) {
      insert.run({ program, ...code, glyph: code.glyph ? asBuffer(code.glyph) : null })
    }
  })()
}

/** Records the font programs a document embeds. */
export function saveDocumentPrograms(
  db: WritableDB,
  documentId: number,
  programs: Iterable<string>
): void {
  const insert = db.prepare(
    `INSERT INTO document_font_programs (document_id, program) VALUES (?, ?)
     ON CONFLICT DO NOTHING`
  )
  db.transaction(() => {
    for (const program of programs) insert.run(documentId, program)
  })()
}

/** Done documents whose programs are not listed yet (none found so far, or never read). */
export function documentsWithoutPrograms(db: ReadableDB): number[] {
  return db
    .prepare(
      `SELECT id FROM documents d WHERE status = 'done'
         AND NOT EXISTS (SELECT 1 FROM document_font_programs p WHERE p.document_id = d.id)
       ORDER BY id`
    )
    .pluck()
    .all() as number[]
}

type ProgramRow = {
  id: string
  name: string
  code_width: 1 | 2
  lines_read: number
  updated_at: string
  ocr: number
  reviewer: number
  edited: number
  documents: number
}

/** The programs with a map, those of one document when `documentId` is given. */
export function listFontPrograms(db: ReadableDB, documentId?: number): FontProgramRow[] {
  const rows = db
    .prepare(
      `SELECT p.id, p.name, p.code_width, p.lines_read, p.updated_at,
         (SELECT count(*) FROM font_map_codes c WHERE c.program = p.id AND c.source = 'ocr') AS ocr,
         (SELECT count(*) FROM font_map_codes c WHERE c.program = p.id AND c.source = 'reviewer') AS reviewer,
         (SELECT count(*) FROM font_map_codes c WHERE c.program = p.id AND c.source = 'edited') AS edited,
         (SELECT count(*) FROM document_font_programs d WHERE d.program = p.id) AS documents
       FROM font_programs p
       WHERE @documentId IS NULL OR p.id IN
         (SELECT program FROM document_font_programs WHERE document_id = @documentId)
       ORDER BY p.name, p.id`
    )
    .all({ documentId: documentId ?? null }) as ProgramRow[]
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    codeWidth: r.code_width,
    linesRead: r.lines_read,
    updatedAt: r.updated_at,
    codes: { ocr: r.ocr, reviewer: r.reviewer, edited: r.edited },
    documents: r.documents
  }))
}

export function getFontProgram(db: ReadableDB, id: string): FontProgramRow | undefined {
  return listFontPrograms(db).find((p) => p.id === id)
}

export function fontCodes(db: ReadableDB, program: string): FontCodeRow[] {
  const rows = db
    .prepare(
      `SELECT code, text, source, votes, seen, glyph FROM font_map_codes
       WHERE program = ? ORDER BY code`
    )
    .all(program) as (Omit<FontCodeRow, 'glyph'> & { glyph: Buffer | null })[]
  return rows.map((r) => ({ ...r, glyph: r.glyph ? new Uint8Array(r.glyph) : null }))
}

/** The documents that embed a program, by id. */
export function programDocuments(db: ReadableDB, program: string): number[] {
  return db
    .prepare(
      'SELECT document_id FROM document_font_programs WHERE program = ? ORDER BY document_id'
    )
    .pluck()
    .all(program) as number[]
}

/**
 * Documents with a page whose text the cascade's font repair should try first: flagged for
 * characters without Unicode or letters that are not language (warn or error), neither read by
 * OCR yet nor revised by a reviewer (their revisions refer to the blocks as stored).
 */
export function documentsToRepair(db: ReadableDB): number[] {
  return db
    .prepare(
      `SELECT DISTINCT f.document_id FROM flags f
       JOIN documents d ON d.id = f.document_id AND d.status = 'done'
       WHERE f.code IN ('unmapped_glyphs', 'garbled_text') AND f.severity IN ('warn', 'error')
         AND NOT EXISTS (SELECT 1 FROM text_layers t
           WHERE t.document_id = f.document_id AND t.page_no = f.page_no)
         AND NOT EXISTS (SELECT 1 FROM revisions r
           WHERE r.document_id = f.document_id AND r.page_no = f.page_no)
       ORDER BY f.document_id`
    )
    .pluck()
    .all() as number[]
}
