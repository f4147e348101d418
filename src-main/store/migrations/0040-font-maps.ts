import type { WritableDB } from '../db.js'

/**
 * Font maps repaired from OCR or by reviewers (src-main/repair/), one per font program: the
 * SHA-256 of the embedded font file, so a map learned in one document serves every document
 * embedding the same program. Each code's text keeps where it came from and its evidence, and
 * one rendered sighting of the glyph for the reviewer to check it against. The programs each
 * document embeds are listed once its file has been read for them, mapped or not, so a map
 * learned later finds its documents without reading every file again.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE font_programs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      code_width INTEGER NOT NULL CHECK (code_width IN (1, 2)),
      lines_read INTEGER NOT NULL DEFAULT 0,
      updated_at TEXT NOT NULL
    ) STRICT;

    CREATE TABLE font_map_codes (
      program TEXT NOT NULL REFERENCES font_programs (id),
      code INTEGER NOT NULL,
      text TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('ocr', 'reviewer', 'edited')),
      votes INTEGER NOT NULL,
      seen INTEGER NOT NULL,
      glyph BLOB,
      PRIMARY KEY (program, code)
    ) STRICT;

    CREATE TABLE document_font_programs (
      document_id INTEGER NOT NULL REFERENCES documents (id),
      program TEXT NOT NULL,
      PRIMARY KEY (document_id, program)
    ) STRICT;
    CREATE INDEX document_font_programs_program ON document_font_programs (program, document_id);
  `)
}
