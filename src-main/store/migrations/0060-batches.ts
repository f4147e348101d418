import type { WritableDB } from '../db.js'

/**
 * A batch is one reviewer action across many pages (a fix taught by an example page, a find and
 * replace): each page still gets a revision of its own, which names its batch, so the batch can
 * be undone as one and each page's history says where its revision came from. A taught batch
 * also names the example page and its revision that taught it (undone with the batch).
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE batches (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('teach', 'replace')),
      label TEXT NOT NULL,
      author TEXT NOT NULL,
      created_at TEXT NOT NULL,
      example_document_id INTEGER,
      example_page_no INTEGER,
      example_revision_id INTEGER,
      undone_at TEXT
    ) STRICT;
    ALTER TABLE revisions ADD COLUMN batch_id INTEGER REFERENCES batches(id);
    CREATE INDEX revisions_by_batch ON revisions (batch_id) WHERE batch_id IS NOT NULL;
  `)
}
