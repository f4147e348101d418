import type { WritableDB } from '../db.js'

/**
 * Double-keyed gold: a page in `double_keyed_pages` needs two independent transcriptions
 * (`keyings`, one per keyer, at most two: the `seq` check) before an adjudicator approves its
 * text. `agreement_cer` is the CER between the two keyings, set when the second comes in;
 * `adjudicated_revision` the revision that approved the adjudicated text. A keying is not a
 * revision, so nothing that shows a page's text or history shows it.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE double_keyed_pages (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      required_at TEXT NOT NULL,
      agreement_cer REAL,
      adjudicated_revision INTEGER REFERENCES revisions(id) ON DELETE SET NULL,
      PRIMARY KEY (document_id, page_no),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE keyings (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      seq INTEGER NOT NULL CHECK (seq IN (1, 2)),
      keyer TEXT NOT NULL,
      text TEXT NOT NULL,
      keyed_at TEXT NOT NULL,
      PRIMARY KEY (document_id, page_no, seq),
      UNIQUE (document_id, page_no, keyer),
      FOREIGN KEY (document_id, page_no)
        REFERENCES double_keyed_pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;
  `)
}
