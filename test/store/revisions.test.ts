import { describe, expect, it } from 'vitest'
import { addDocument } from '../../src-main/store/documents.js'
import { getPage, listQueue, savePage } from '../../src-main/store/pages.js'
import {
  appendRevision,
  currentState,
  latestRevision,
  listRevisions,
  RevisionError,
  type ReviewState
} from '../../src-main/store/revisions.js'
import { memoryDb } from '../helpers/db.js'
import { storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

function pageWithHeader() {
  const db = memoryDb()
  const doc = addDocument(db, { sha256: 'a', path: '/a.pdf', name: 'a.pdf', bytes: 1 }).document.id
  const layout = syntheticLayout(1, ['Annual report 2025', 'Second column', 'First column'])
  const analysis = {
    ...syntheticAnalysis(layout),
    order: [0, 2, 1],
    roles: ['header', 'body', 'body'] as const,
    text: 'First column\n\nSecond column'
  }
  savePage(db, doc, storedPage(layout, analysis, 'Annual report 2025\nSecond column\nFirst column'))
  return { db, doc }
}

describe('revisions', () => {
  it('gives the automatic extraction as the current state before any revision', () => {
    const { db, doc } = pageWithHeader()
    expect(currentState(db, doc, 1)).toEqual({
      state: {
        order: [0, 2, 1],
        excluded: [0],
        blockText: {},
        text: 'First column\n\nSecond column',
        status: 'unreviewed'
      },
      revisionId: null
    })
    expect(currentState(db, doc, 2)).toBeUndefined()
    expect(listRevisions(db, doc, 1)).toEqual([])
  })

  it('appends full snapshots; the latest is the current state and sets the page status', () => {
    const { db, doc } = pageWithHeader()
    const reordered: ReviewState = {
      order: [0, 2, 1],
      excluded: [0],
      blockText: { 1: 'Second column, fixed' },
      text: 'First column\n\nSecond column, fixed',
      status: 'corrected'
    }
    const first = appendRevision(
      db,
      { documentId: doc, page: 1, author: 'ana', action: 'edit', state: reordered },
      new Date('2026-05-01T10:00:00Z')
    )
    expect(first).toMatchObject({
      author: 'ana',
      action: 'edit',
      createdAt: '2026-05-01T10:00:00.000Z'
    })
    expect(getPage(db, doc, 1)?.status).toBe('corrected')

    const approved = { ...reordered, status: 'approved' as const }
    const second = appendRevision(db, {
      documentId: doc,
      page: 1,
      author: 'ben',
      action: 'approve',
      state: approved
    })
    expect(second.id).toBeGreaterThan(first.id)
    expect(currentState(db, doc, 1)).toEqual({ state: approved, revisionId: second.id })
    expect(latestRevision(db, doc, 1)?.author).toBe('ben')
    expect(listRevisions(db, doc, 1).map((r) => r.state)).toEqual([reordered, approved])
    expect(getPage(db, doc, 1)?.status).toBe('approved')
    expect(listQueue(db, { status: 'approved' }).items.map((i) => i.page)).toEqual([1])

    const undone = appendRevision(db, {
      documentId: doc,
      page: 1,
      author: 'ben',
      action: 'undo',
      state: listRevisions(db, doc, 1)[0]!.state
    })
    expect(currentState(db, doc, 1)?.state).toEqual(reordered)
    expect(currentState(db, doc, 1)?.revisionId).toBe(undone.id)
    expect(listRevisions(db, doc, 1)).toHaveLength(3)
    expect(getPage(db, doc, 1)?.status).toBe('corrected')
  })

  it('refuses a state that does not fit the page and writes nothing', () => {
    const { db, doc } = pageWithHeader()
    const base: ReviewState = {
      order: [0, 1, 2],
      excluded: [],
      blockText: {},
      text: '',
      status: 'approved'
    }
    const attempt =
      (state: ReviewState, page = 1) =>
      () =>
        appendRevision(db, { documentId: doc, page, author: 'a', action: 'x', state })
    expect(attempt({ ...base, order: [0, 1] })).toThrow(RevisionError)
    expect(attempt({ ...base, order: [0, 1, 1] })).toThrow('each of the page')
    expect(attempt({ ...base, order: [0, 1, 5] })).toThrow('no block 5')
    expect(attempt({ ...base, excluded: [9] })).toThrow('no block 9')
    expect(attempt({ ...base, blockText: { 4: 'x' } })).toThrow('no block 4')
    expect(attempt(base, 2)).toThrow('no page 2')
    expect(listRevisions(db, doc, 1)).toEqual([])
    expect(getPage(db, doc, 1)?.status).toBe('unreviewed')
  })
})
