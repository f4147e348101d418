import type { WritableDB } from '../db.js'

/**
 * The audit log of a shared project: who did what and when, on which document or page. Logins,
 * failed and refused logins, every admin action and account change. A record names the account
 * and the document by value, not by reference: it outlives a removed account or document, which
 * is what it may be asked about.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      actor TEXT NOT NULL,
      action TEXT NOT NULL,
      document_id INTEGER,
      page_no INTEGER,
      detail TEXT NOT NULL
    ) STRICT;
    CREATE INDEX audit_log_at ON audit_log (at);
  `)
}
