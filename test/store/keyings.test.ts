import { describe, expect, it } from 'vitest'
import { claimNext } from '../../src-main/store/claims.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { addDocument } from '../../src-main/store/documents.js'
import {
  adjudication,
  doubleKeyedGold,
  keyingState,
  keyingSummary,
  pagesAwaitingAdjudication,
  recordAdjudication,
  requireDoubleKeying,
  sampleForDoubleKeying,
  submitKeying
} from '../../src-main/store/keyings.js'
import { savePage } from '../../src-main/store/pages.js'
import { appendRevision, currentState } from '../../src-main/store/revisions.js'
import { addUser } from '../../src-main/store/users.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

const T0 = new Date('2026-03-01T09:00:00Z')

/** Two pages: page 2 worst (an error flag), page 1 clean; three reviewers and an admin. */
function project() {
  const db: WritableDB = memoryDb()
  const doc = addDocument(db, { sha256: 'k'.repeat(64), path: '/k.pdf', name: 'k.pdf', bytes: 1 })
    .document.id
  const flags = [[], [flag('low_text', 'error')]]
  flags.forEach((f, i) => {
    const layout = syntheticLayout(i + 1, [`page ${i + 1}`])
    savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, f), `page ${i + 1}`))
  })
  const user = (name: string, role: 'reviewer' | 'admin' = 'reviewer') =>
    addUser(db, { name, role, password: 'long enough' }).id
  return {
    db,
    page2: { documentId: doc, pageNo: 2 },
    page1: { documentId: doc, pageNo: 1 },
    ada: user('ada'),
    bob: user('bob'),
    cy: user('cy'),
    root: user('root', 'admin')
  }
}

describe('double keying', () => {
  it('marks unreviewed pages only, once each', () => {
    const { db, page1, page2 } = project()
    appendRevision(db, {
      documentId: page1.documentId,
      page: 1,
      author: 'ada',
      action: 'approve',
      state: { ...currentState(db, page1.documentId, 1)!.state, status: 'approved' }
    })
    expect(requireDoubleKeying(db, [page1, page2], T0)).toBe(1)
    expect(requireDoubleKeying(db, [page2], T0)).toBe(0)
    expect(keyingState(db, page1, 'ada').required).toBe(false)
    expect(keyingState(db, page2, 'ada')).toEqual({
      required: true,
      keyings: 0,
      mine: null,
      adjudicated: false
    })
  })

  it('draws the same sample for the same seed, and only pages not yet marked', () => {
    const { db, page1, page2 } = project()
    const sample = sampleForDoubleKeying(db, 1, 'gold-2026')
    expect(sample).toHaveLength(1)
    expect(sampleForDoubleKeying(db, 1, 'gold-2026')).toEqual(sample)
    expect(sampleForDoubleKeying(db, 5, 'x').sort((a, b) => a.pageNo - b.pageNo)).toEqual([
      page1,
      page2
    ])
    requireDoubleKeying(db, sample, T0)
    expect(sampleForDoubleKeying(db, 5, 'gold-2026')).not.toContainEqual(sample[0])
  })

  it('hands a page to two different keyers, then to an admin only', () => {
    const { db, page1, page2, ada, bob, cy, root } = project()
    requireDoubleKeying(db, [page2], T0)
    expect(claimNext(db, ada, T0)).toEqual(page2)
    const afterAda = submitKeying(db, page2, 'ada', 'the first keying', T0)
    expect(afterAda).toEqual({
      required: true,
      keyings: 1,
      mine: 'the first keying',
      adjudicated: false
    })
    // Her claim went with her keying; the page is not hers to take again, but Bob's.
    expect(claimNext(db, ada, T0)).toEqual(page1)
    expect(claimNext(db, bob, T0)).toEqual(page2)
    // Bob sees that one keying is in, never its text.
    expect(keyingState(db, page2, 'bob')).toEqual({
      required: true,
      keyings: 1,
      mine: null,
      adjudicated: false
    })
    expect(keyingSummary(db)).toEqual({
      awaitingKeying: 1,
      awaitingAdjudication: 0,
      adjudicated: 0
    })
    submitKeying(db, page2, 'bob', 'the frist keying', T0)
    expect(keyingSummary(db)).toEqual({
      awaitingKeying: 0,
      awaitingAdjudication: 1,
      adjudicated: 0
    })
    // Both in: no reviewer gets it, not even one who never keyed it; the admin does.
    expect(claimNext(db, cy, T0)).toBeNull()
    expect(claimNext(db, root, T0)).toEqual(page2)
    const both = adjudication(db, page2, 'root')
    expect(both.keyings.map((k) => [k.keyer, k.text])).toEqual([
      ['ada', 'the first keying'],
      ['bob', 'the frist keying']
    ])
    // "first" → "frist" is two substitutions over 16 characters.
    expect(both.agreementCer).toBeCloseTo(2 / 16, 6)
  })

  it('never hands a page to an admin who keyed it, nor lets them adjudicate it', () => {
    const { db, page2, ada, root } = project()
    const boss = addUser(db, { name: 'boss', role: 'admin', password: 'long enough' }).id
    requireDoubleKeying(db, [page2], T0)
    expect(claimNext(db, root, T0)).toEqual(page2)
    submitKeying(db, page2, 'root', 'the admin keyed it', T0)
    expect(claimNext(db, ada, T0)).toEqual(page2)
    submitKeying(db, page2, 'ada', 'and so did ada', T0)
    // Both in: the admin who keyed it is passed over; the other admin takes it.
    expect(claimNext(db, root, T0)).not.toEqual(page2)
    expect(() => adjudication(db, page2, 'root')).toThrow(/root keyed page 2/)
    expect(claimNext(db, boss, T0)).toEqual(page2)
    expect(adjudication(db, page2, 'boss').keyings.map((k) => k.keyer)).toEqual(['root', 'ada'])
  })

  it('refuses a second keying by the same keyer, a third keying, and an unmarked page', () => {
    const { db, page1, page2 } = project()
    requireDoubleKeying(db, [page2], T0)
    submitKeying(db, page2, 'ada', 'one', T0)
    expect(() => submitKeying(db, page2, 'ada', 'again', T0)).toThrow(/already keyed/)
    submitKeying(db, page2, 'bob', 'two', T0)
    expect(() => submitKeying(db, page2, 'cy', 'three', T0)).toThrow(/both its keyings/)
    expect(() => submitKeying(db, page1, 'ada', 'one', T0)).toThrow(/does not wait/)
    expect(() => adjudication(db, page1, 'root')).toThrow(/no pair/)
  })

  it('records the adjudicated revision with both keyers for the gold entry', () => {
    const { db, page2 } = project()
    requireDoubleKeying(db, [page2], T0)
    expect(pagesAwaitingAdjudication(db)).toEqual([page2])
    submitKeying(db, page2, 'ada', 'same text', T0)
    submitKeying(db, page2, 'bob', 'same text', T0)
    const revision = appendRevision(db, {
      documentId: page2.documentId,
      page: 2,
      author: 'root',
      action: 'adjudicate',
      state: {
        ...currentState(db, page2.documentId, 2)!.state,
        text: 'same text',
        status: 'corrected'
      }
    })
    recordAdjudication(db, page2, revision.id)
    expect(doubleKeyedGold(db, page2)).toEqual({
      keyers: ['ada', 'bob'],
      agreementCer: 0,
      adjudicatedRevision: revision.id,
      adjudicator: 'root'
    })
    expect(pagesAwaitingAdjudication(db)).toEqual([])
    expect(keyingSummary(db)).toEqual({
      awaitingKeying: 0,
      awaitingAdjudication: 0,
      adjudicated: 1
    })
    expect(keyingState(db, page2, 'ada').adjudicated).toBe(true)
    expect(() => submitKeying(db, page2, 'cy', 'late', T0)).toThrow(/does not wait/)
  })
})
