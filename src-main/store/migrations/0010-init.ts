import type { WritableDB } from '../db.js'

/**
 * The first schema. Layouts and analyses are JSON (compact, read one page at a time); everything
 * the queue filters or sorts on is a column with an index, so the queue stays fast at a million
 * pages without loading layouts.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE documents (
      id INTEGER PRIMARY KEY,
      sha256 TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      bytes INTEGER NOT NULL,
      page_count INTEGER,
      title TEXT,
      tagged INTEGER NOT NULL DEFAULT 0,
      status TEXT NOT NULL CHECK (status IN ('pending', 'ingesting', 'done', 'error')),
      error TEXT,
      added_at TEXT NOT NULL,
      ingested_at TEXT
    ) STRICT;

    CREATE TABLE document_paths (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      path TEXT NOT NULL,
      seen_at TEXT NOT NULL,
      PRIMARY KEY (document_id, path)
    ) STRICT;

    CREATE TABLE pages (
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_no INTEGER NOT NULL,
      width REAL NOT NULL,
      height REAL NOT NULL,
      rotation INTEGER NOT NULL,
      layout TEXT NOT NULL,
      auto_order TEXT NOT NULL,
      roles TEXT NOT NULL,
      text TEXT NOT NULL,
      raw_text TEXT NOT NULL,
      chars INTEGER NOT NULL,
      decision TEXT NOT NULL CHECK (decision IN ('ok', 'review', 'ocr')),
      quality REAL NOT NULL,
      worst_severity INTEGER NOT NULL,
      status TEXT NOT NULL DEFAULT 'unreviewed'
        CHECK (status IN ('unreviewed', 'approved', 'corrected', 'rejected', 'ocr')),
      PRIMARY KEY (document_id, page_no)
    ) STRICT;
    CREATE INDEX pages_queue ON pages (status, worst_severity DESC, quality, document_id, page_no);
    CREATE INDEX pages_decision ON pages (decision, quality);

    CREATE TABLE flags (
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      code TEXT NOT NULL,
      severity TEXT NOT NULL CHECK (severity IN ('info', 'warn', 'error')),
      message TEXT NOT NULL,
      evidence TEXT NOT NULL,
      PRIMARY KEY (document_id, page_no, code),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX flags_code ON flags (code, severity);

    CREATE TABLE revisions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      document_id INTEGER NOT NULL,
      page_no INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      author TEXT NOT NULL,
      action TEXT NOT NULL,
      block_order TEXT NOT NULL,
      excluded TEXT NOT NULL,
      block_text TEXT NOT NULL,
      text TEXT NOT NULL,
      status TEXT NOT NULL
        CHECK (status IN ('unreviewed', 'approved', 'corrected', 'rejected', 'ocr')),
      FOREIGN KEY (document_id, page_no) REFERENCES pages(document_id, page_no) ON DELETE CASCADE
    ) STRICT;
    CREATE INDEX revisions_page ON revisions (document_id, page_no, id);
  `)
}
