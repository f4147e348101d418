import type { ReadableDB } from '../../src-main/store/db.js'

/**
 * Every stored page, text layer and flag, keyed by the document's bytes, as text to compare
 * exactly.
 */
export function projectContents(db: ReadableDB): unknown {
  const pages = db
    .prepare(
      `SELECT d.sha256, p.page_no, p.width, p.height, p.rotation, p.chars, p.decision, p.quality,
         p.worst_severity, p.status, p.rank, p.auto_order, p.roles, p.text, p.raw_text, p.digest,
         p.layout
       FROM pages p JOIN documents d ON d.id = p.document_id
       ORDER BY d.sha256, p.page_no`
    )
    .all() as Record<string, unknown>[]
  const flags = db
    .prepare(
      `SELECT d.sha256, f.page_no, f.code, f.severity, f.message, f.evidence, f.page_status,
         f.page_rank
       FROM flags f JOIN documents d ON d.id = f.document_id
       ORDER BY d.sha256, f.page_no, f.code`
    )
    .all()
  const documents = db
    .prepare(
      'SELECT sha256, name, bytes, page_count, title, tagged, status FROM documents ORDER BY sha256'
    )
    .all()
  // The text layers a font repair or OCR replaced, as the pages had them before.
  const layers = db
    .prepare(
      `SELECT d.sha256, t.page_no, t.text, t.layout FROM text_layers t
       JOIN documents d ON d.id = t.document_id ORDER BY d.sha256, t.page_no`
    )
    .all() as Record<string, unknown>[]
  const base64 = (row: Record<string, unknown>) => ({
    ...row,
    layout: (row['layout'] as Buffer).toString('base64')
  })
  return {
    documents,
    layers: layers.map(base64),
    pages: pages.map(base64),
    flags
  }
}
