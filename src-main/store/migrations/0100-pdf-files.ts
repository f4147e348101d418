import type { WritableDB } from '../db.js'

/**
 * The bytes of PDFs queued for workers, by their SHA-256 (the key a document already has): a
 * worker on a machine that does not share a disk with the one that queued the file reads them
 * from the project itself. One row per content, however many documents or paths name it.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE pdf_files (
      sha256 TEXT PRIMARY KEY,
      bytes BLOB NOT NULL,
      stored_at TEXT NOT NULL
    ) STRICT;
  `)
}
