import { describe, expect, it } from 'vitest'
import type { WritableDB } from '../../src-main/store/db.js'
import { addDocument } from '../../src-main/store/documents.js'
import { countFlags, pageFlags } from '../../src-main/store/flags.js'
import {
  countQueue,
  getPage,
  listQueue,
  queueSql,
  readLayout,
  savePage,
  storedPageNumbers,
  updatePageAnalysis,
  type QueueFilter
} from '../../src-main/store/pages.js'
import { appendRevision } from '../../src-main/store/revisions.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

function documentIn(db: WritableDB, sha: string): number {
  return addDocument(db, { sha256: sha, path: `/${sha}.pdf`, name: `${sha}.pdf`, bytes: 1 })
    .document.id
}

describe('pages', () => {
  it('stores a page and reads back its layout, analysis and flags', () => {
    const db = memoryDb()
    const doc = documentIn(db, 'a')
    const layout = syntheticLayout(2, ['Title', 'Body text ﬁne'])
    const analysis = syntheticAnalysis(layout, [
      flag('ligatures', 'info'),
      flag('low_text', 'warn')
    ])
    savePage(db, doc, storedPage(layout, analysis, 'Title\nBody text ﬁne'))

    expect(readLayout(db, doc, 2)).toEqual(layout)
    const page = getPage(db, doc, 2)
    expect(page).toMatchObject({ documentId: doc, page: 2, width: 612, status: 'unreviewed' })
    expect(page?.chars).toBe(16)
    expect(page?.analysis.flags.map((f) => f.code)).toEqual(['low_text', 'ligatures'])
    expect(page?.analysis).toEqual({ ...analysis, flags: page?.analysis.flags })
    expect(storedPageNumbers(db, doc)).toEqual([2])
    expect(getPage(db, doc, 3)).toBeUndefined()
  })

  it('replaces the analysis and flags but keeps the review status and history', () => {
    const db = memoryDb()
    const doc = documentIn(db, 'a')
    const layout = syntheticLayout(1, ['Running head', 'Text'])
    savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, [flag('low_text')]), 'x'))
    const auto = getPage(db, doc, 1)!.analysis
    appendRevision(db, {
      documentId: doc,
      page: 1,
      author: 'ana',
      action: 'approve',
      state: { order: [0, 1], excluded: [], blockText: {}, text: 'Text', status: 'approved' }
    })

    updatePageAnalysis(db, doc, 1, {
      ...auto,
      roles: ['header', 'body'],
      flags: [flag('header_footer', 'info')],
      decision: 'ok',
      quality: 0.9
    })
    const page = getPage(db, doc, 1)!
    expect(page.analysis.roles).toEqual(['header', 'body'])
    expect(pageFlags(db, doc, 1).map((f) => f.code)).toEqual(['header_footer'])
    expect(page.status).toBe('approved')
    expect(db.prepare('SELECT count(*) FROM revisions').pluck().get()).toBe(1)
    expect(() => updatePageAnalysis(db, doc, 7, auto)).toThrow('no page 7')
  })

  it('lists the queue worst first and pages through it forwards and backwards', () => {
    const db = memoryDb()
    const a = documentIn(db, 'a')
    const b = documentIn(db, 'b')
    const pages: [number, number, Parameters<typeof flag>[], number][] = [
      [a, 1, [], 1],
      [a, 2, [['needs_ocr', 'error']], 0],
      [a, 3, [['low_text', 'warn']], 0.6],
      [b, 1, [['low_text', 'warn']], 0.4],
      [b, 2, [['ligatures', 'info']], 0.95],
      [
        b,
        3,
        [
          ['unmapped_glyphs', 'error'],
          ['low_text', 'warn']
        ],
        0.1
      ]
    ]
    for (const [doc, no, flags, quality] of pages) {
      const layout = syntheticLayout(no, ['x'])
      const analysis = syntheticAnalysis(
        layout,
        flags.map((f) => flag(...f)),
        quality
      )
      savePage(db, doc, storedPage(layout, analysis, 'x'))
    }
    const keys = (items: readonly { documentId: number; page: number }[]) =>
      items.map((i) => `${i.documentId === a ? 'a' : 'b'}${i.page}`)

    const all = listQueue(db)
    expect(keys(all.items)).toEqual(['a2', 'b3', 'b1', 'a3', 'b2', 'a1'])
    expect(all.items[1]).toMatchObject({ documentName: 'b.pdf', worstSeverity: 3 })
    expect([...all.items[1]!.flags].sort()).toEqual(['low_text', 'unmapped_glyphs'])

    const first = listQueue(db, {}, { limit: 4 })
    expect(keys(first.items)).toEqual(['a2', 'b3', 'b1', 'a3'])
    const second = listQueue(db, {}, { after: first.next!, limit: 4 })
    expect(keys(second.items)).toEqual(['b2', 'a1'])
    expect(second.next).toBeNull()
    const back = listQueue(db, {}, { before: second.items[0]!.cursor, limit: 2 })
    expect(keys(back.items)).toEqual(['b1', 'a3'])

    expect(keys(listQueue(db, { flag: 'low_text' }).items)).toEqual(['b3', 'b1', 'a3'])
    expect(keys(listQueue(db, { decision: 'review' }).items)).toEqual(['b3', 'b1', 'a3'])
    expect(keys(listQueue(db, { documentId: a }).items)).toEqual(['a2', 'a3', 'a1'])
    expect(keys(listQueue(db, { flag: 'low_text', documentId: b }).items)).toEqual(['b3', 'b1'])
    expect(countQueue(db, { flag: 'low_text' })).toBe(3)
    // Pages needing attention: every decision but ok, worst first; a decision filter says more.
    const attention = all.items.filter((i) => i.decision !== 'ok')
    expect(attention.length).toBeGreaterThan(0)
    expect(attention.length).toBeLessThan(all.items.length)
    expect(keys(listQueue(db, { attention: true }).items)).toEqual(keys(attention))
    expect(countQueue(db, { attention: true })).toBe(attention.length)
    expect(countQueue(db, { attention: true, flag: 'ligatures' })).toBe(
      attention.filter((i) => i.flags.includes('ligatures')).length
    )
    expect(keys(listQueue(db, { attention: true, decision: 'ok' }).items)).toEqual(
      keys(all.items.filter((i) => i.decision === 'ok'))
    )
    expect(countQueue(db, { status: 'unreviewed' })).toBe(6)

    appendRevision(db, {
      documentId: b,
      page: 3,
      author: 'ana',
      action: 'approve',
      state: { order: [0], excluded: [], blockText: {}, text: 'x', status: 'approved' }
    })
    expect(keys(listQueue(db, { status: 'unreviewed', flag: 'low_text' }).items)).toEqual([
      'b1',
      'a3'
    ])
    expect(keys(listQueue(db, { status: 'approved', flag: 'low_text' }).items)).toEqual(['b3'])
    expect(keys(listQueue(db, { status: 'approved' }).items)).toEqual(['b3'])
    // An approved page needs no more attention: it leaves that list and its count drops, unless
    // a status filter asks for approved pages.
    expect(keys(listQueue(db, { attention: true }).items)).toEqual(
      keys(attention.filter((i) => !(i.documentId === b && i.page === 3)))
    )
    expect(countQueue(db, { attention: true })).toBe(attention.length - 1)
    expect(countQueue(db, { attention: true, flag: 'low_text' })).toBe(
      attention.filter((i) => i.flags.includes('low_text')).length - 1
    )
    expect(keys(listQueue(db, { attention: true, status: 'approved' }).items)).toEqual(['b3'])
    expect(countFlags(db)).toEqual([
      { code: 'ligatures', pages: 1 },
      { code: 'low_text', pages: 3 },
      { code: 'needs_ocr', pages: 1 },
      { code: 'unmapped_glyphs', pages: 1 }
    ])
    expect(countFlags(db, { documentId: a })).toEqual([
      { code: 'low_text', pages: 1 },
      { code: 'needs_ocr', pages: 1 }
    ])
  })

  // SQLite's query plan; PostgreSQL plans by its statistics, and a tiny table is read whole.
  it.skipIf(process.env['RECTO_TEST_ENGINE'] === 'postgres')(
    'walks an index for every corpus-wide queue filter: no scan, no sort',
    () => {
      const db = memoryDb()
      const filters: QueueFilter[] = [
        {},
        { status: 'unreviewed' },
        { decision: 'review' },
        { decision: 'review', status: 'unreviewed' },
        { flag: 'low_text' },
        { flag: 'low_text', status: 'unreviewed' },
        { flag: 'low_text', decision: 'review', status: 'approved' },
        { attention: true },
        { attention: true, status: 'unreviewed' },
        { flag: 'low_text', attention: true }
      ]
      for (const filter of filters) {
        for (const direction of ['start', 'after', 'before'] as const) {
          const plan = (
            db.prepare(`EXPLAIN QUERY PLAN ${queueSql(filter, direction)}`).all({
              status: filter.status,
              decision: filter.decision,
              flag: filter.flag,
              rank: 0,
              cursorDocument: 0,
              cursorPage: 0,
              limit: 50
            }) as { detail: string }[]
          )
            .map((r) => r.detail)
            .join('\n')
          const context = `${JSON.stringify(filter)} ${direction}:\n${plan}`
          expect(plan, context).not.toMatch(/SCAN (p|f|pages|flags)\b(?! USING)/)
          expect(plan, context).not.toMatch(/TEMP B-TREE/)
          expect(plan, context).toMatch(/USING (COVERING )?INDEX (pages|flags)_\w*rank/)
        }
      }
    }
  )
})
