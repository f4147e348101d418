import type { WritableDB } from '../db.js'

/**
 * A reviewer's claim on a page: one row per page at most (the key), so two reviewers can never
 * hold the same page. A claim past `expires_at` is a lease run out: the page is back in the queue
 * and the next claimer takes the row over.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE claims (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      claimed_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX claims_user ON claims (user_id);
  `)
}
