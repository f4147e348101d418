import { describe, expect, it } from 'vitest'
import { addDocument } from '../../src-main/store/documents.js'
import { getPage, readLayout, savePage } from '../../src-main/store/pages.js'
import { appendRevision, latestRevision } from '../../src-main/store/revisions.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

/**
 * Run on both engines (the store contract): PostgreSQL refused a page with U+0000 in its text,
 * which SQLite kept; both now keep the same U+FFFD.
 */
describe('a NUL character in page text', () => {
  it('is stored as U+FFFD in the text, raw text, layout, flags and revisions', () => {
    const db = memoryDb()
    const doc = addDocument(db, { sha256: 'n', path: '/n.pdf', name: 'n.pdf', bytes: 1 }).document
    const layout = syntheticLayout(1, ['Total\u0000 due', 'Paid'])
    const lost = { ...flag('unmapped_glyphs'), message: 'U+0000 in 1 word (Total\u0000)' }
    savePage(db, doc.id, storedPage(layout, syntheticAnalysis(layout, [lost]), 'Total\u0000 due'))

    const page = getPage(db, doc.id, 1)
    expect(page?.analysis.text).toBe('Total\ufffd due\n\nPaid')
    expect(page?.analysis.flags[0]?.message).toBe('U+0000 in 1 word (Total\ufffd)')
    expect(db.prepare('SELECT raw_text FROM pages').pluck().get()).toBe('Total\ufffd due')
    const span = readLayout(db, doc.id, 1)?.blocks[0]?.lines[0]?.spans[0]
    expect(span?.text).toBe('Total\ufffd due')
    expect(span?.charX).toEqual(layout.blocks[0]?.lines[0]?.spans[0]?.charX)

    appendRevision(db, {
      documentId: doc.id,
      page: 1,
      author: 'ana',
      action: 'edit',
      state: {
        order: [0, 1],
        excluded: [],
        blockText: { 1: 'Paid\u0000' },
        text: 'Total due\u0000\n\nPaid\u0000',
        status: 'corrected'
      }
    })
    const revision = latestRevision(db, doc.id, 1)
    expect(revision?.state.text).toBe('Total due\ufffd\n\nPaid\ufffd')
    expect(revision?.state.blockText).toEqual({ 1: 'Paid\ufffd' })
  })
})
