import type { PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'
import type { ReadableDB, WritableDB } from './db.js'
import { replacePageFlags } from './flags.js'
import { decodeLayout, encodeLayout } from './layout-codec.js'
import { analysisColumns } from './pages.js'

/**
 * Stores a page as OCR read it, in one transaction: the page's layout and analysis become the
 * OCR'd ones, and the text layer they replace (layout and text as extracted) moves to
 * `text_layers`, where it stays. Status and revisions are the page's own and stay too.
 */
export function saveOcrPage(
  db: WritableDB,
  documentId: number,
  pageNo: number,
  layout: PageLayout,
  analysis: PageAnalysis
): void {
  db.transaction(() => {
    db.prepare(
      `INSERT INTO text_layers (document_id, page_no, text, layout)
       SELECT document_id, page_no, text, layout FROM pages
       WHERE document_id = ? AND page_no = ?
       ON CONFLICT (document_id, page_no) DO NOTHING`
    ).run(documentId, pageNo)
    const result = db
      .prepare(
        `UPDATE pages SET layout = @layout, auto_order = @order, roles = @roles, text = @text,
           decision = @decision, quality = @quality, worst_severity = @worst
         WHERE document_id = @documentId AND page_no = @pageNo`
      )
      .run({ documentId, pageNo, layout: encodeLayout(layout), ...analysisColumns(analysis) })
    if (result.changes !== 1) throw new Error(`no page ${pageNo} in document ${documentId}`)
    replacePageFlags(db, documentId, pageNo, analysis.flags)
  })()
}

export type TextLayer = Readonly<{ text: string; layout: PageLayout }>

/** The text layer an OCR'd page had before OCR, or undefined for a page OCR never read. */
export function readTextLayer(
  db: ReadableDB,
  documentId: number,
  pageNo: number
): TextLayer | undefined {
  const row = db
    .prepare('SELECT text, layout FROM text_layers WHERE document_id = ? AND page_no = ?')
    .get(documentId, pageNo) as { text: string; layout: Buffer } | undefined
  return row && { text: row.text, layout: decodeLayout(row.layout) }
}
