import type { WritableDB } from '../db.js'

/**
 * What each page sent to a vision-language model cost: the tokens its server reported and their
 * price under the run's pricing scheme, whether the model's reading was stored or the page kept
 * what it had (a malformed answer is billed too). `run` groups the rows of one `recto vlm` run or
 * one reviewer's request; `recto plan` sets these beside its estimate for the same pages.
 */
export function up(db: WritableDB): void {
  db.exec(`
    CREATE TABLE vlm_usage (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      run TEXT NOT NULL,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_no INTEGER NOT NULL,
      model TEXT NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN ('read', 'failed')),
      reason TEXT,
      input_tokens INTEGER NOT NULL,
      output_tokens INTEGER NOT NULL,
      cost REAL NOT NULL,
      currency TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX vlm_usage_by_page ON vlm_usage (document_id, page_no);
  `)
}
