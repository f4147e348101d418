import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { decodeLayout, encodeLayout } from '../../../src-main/store/layout-codec.js'
import { getPage, readLayout } from '../../../src-main/store/pages.js'
import { readTextLayer, saveOcrPage } from '../../../src-main/store/text-layers.js'
import { withOcr } from '../../../src-main/ocr/ocr-layout.js'
import { analyzePage } from '../../../src-main/analysis/analyze-page.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { memoryDb } from '../../helpers/db.js'
import { layoutOf } from '../../helpers/pages.js'

describe('migration 0030-text-layers', () => {
  it('keeps a version-20 page, then holds its text layer when OCR replaces it', () => {
    const db = memoryDb(20)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'linn.pdf', '/x/linn.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()
    const scan = layoutOf(corpusPdf('ocrmypdf__linn.pdf'))
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, layout, auto_order, roles,
         text, raw_text, digest, chars, decision, quality, worst_severity)
       VALUES (1, 1, 612, 792, 0, ?, '[]', '[]', '', '', '{}', 0, 'ocr', 0, 3)`
    ).run(encodeLayout(scan))

    migrate(db, undefined, 30)
    expect(schemaVersion(db)).toBe(30)
    expect(getPage(db, 1, 1)?.analysis.decision).toBe('ocr')
    expect(readTextLayer(db, 1, 1)).toBeUndefined()

    const word = { confidence: 95, paragraph: 0, line: 0 }
    const read = withOcr(scan, {
      backend: 'tesseract',
      dpi: 300,
      scope: 'page',
      words: [{ ...word, text: 'The', bbox: [72, 90, 90, 100] }]
    })
    saveOcrPage(db, 1, 1, read, analyzePage(read, { pageCount: 1, medianChars: 0 }))
    expect(readLayout(db, 1, 1)).toEqual(decodeLayout(encodeLayout(read)))
    expect(getPage(db, 1, 1)?.analysis).toMatchObject({ text: 'The', decision: 'review' })
    expect(readTextLayer(db, 1, 1)).toEqual({ text: '', layout: scan })

    db.prepare('DELETE FROM pages').run()
    expect(db.prepare('SELECT count(*) FROM text_layers').pluck().get()).toBe(0)
  })
})
