import type { WritableDB } from '../db.js'

/**
 * A page OCR has read keeps the text layer it replaced: its layout and text as extracted, beside
 * the page's OCR'd layout and text in `pages`. Nothing of the extraction is thrown away, and the
 * row goes with its page.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE text_layers (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      text TEXT NOT NULL,
      layout BLOB NOT NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT
  `)
}
