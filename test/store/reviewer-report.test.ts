import { describe, expect, it } from 'vitest'
import { agreementReport } from '../../src-main/store/agreement-report.js'
import { addDocument } from '../../src-main/store/documents.js'
import { requireDoubleKeying, submitKeying } from '../../src-main/store/keyings.js'
import { savePage } from '../../src-main/store/pages.js'
import { reviewerReport } from '../../src-main/store/reviewer-report.js'
import { appendRevision, type ReviewState } from '../../src-main/store/revisions.js'
import { memoryDb } from '../helpers/db.js'
import { storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

const T0 = Date.parse('2026-03-01T09:00:00Z')
const at = (minutes: number) => new Date(T0 + minutes * 60_000)

/** A project of `count` one-block pages. */
function project(count: number) {
  const db = memoryDb()
  const doc = addDocument(db, { sha256: 'r'.repeat(64), path: '/r.pdf', name: 'r.pdf', bytes: 1 })
    .document.id
  for (let page = 1; page <= count; page++) {
    const layout = syntheticLayout(page, [`page ${page}`])
    savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, []), `page ${page}`))
  }
  const revise = (page: number, author: string, status: ReviewState['status'], minute: number) =>
    appendRevision(
      db,
      {
        documentId: doc,
        page,
        author,
        action: 'save',
        state: { order: [0], excluded: [], blockText: {}, text: `${author} ${page}`, status }
      },
      at(minute)
    )
  return { db, doc, revise }
}

describe('the reviewer report', () => {
  it('counts pages, time at work, approvals, corrections and rework per reviewer', () => {
    const { db, revise } = project(4)
    revise(1, 'ada', 'approved', 0)
    revise(2, 'ada', 'corrected', 5)
    revise(3, 'ada', 'approved', 8)
    // A break of an hour: no time at work.
    revise(4, 'ada', 'approved', 68)
    revise(2, 'bob', 'approved', 70)
    revise(1, 'recto', 'unreviewed', 71)
    expect(reviewerReport(db)).toEqual([
      {
        reviewer: 'ada',
        pages: 4,
        activeMinutes: 8,
        pagesPerHour: 30,
        approvals: 3,
        corrections: 1,
        reworked: 1
      },
      {
        reviewer: 'bob',
        pages: 1,
        activeMinutes: 0,
        pagesPerHour: null,
        approvals: 1,
        corrections: 0,
        reworked: 0
      }
    ])
  })
})

describe('the agreement report', () => {
  it('gives the CER between keyings per pair of keyers and overall', () => {
    const { db, doc } = project(3)
    const pages = [1, 2, 3].map((pageNo) => ({ documentId: doc, pageNo }))
    requireDoubleKeying(db, pages)
    expect(agreementReport(db)).toEqual({ pairs: [], overall: null })
    submitKeying(db, pages[0]!, 'bob', 'the quick brown fox')
    submitKeying(db, pages[0]!, 'ada', 'the quick brown fox')
    submitKeying(db, pages[1]!, 'ada', 'abcdefghij')
    submitKeying(db, pages[1]!, 'bob', 'abcdefghiX')
    submitKeying(db, pages[2]!, 'cy', 'ten chars!')
    submitKeying(db, pages[2]!, 'ada', 'ten chars?')
    expect(agreementReport(db)).toEqual({
      pairs: [
        { keyers: ['ada', 'bob'], pages: 2, meanCer: 0.05, maxCer: 0.1 },
        { keyers: ['ada', 'cy'], pages: 1, meanCer: 0.1, maxCer: 0.1 }
      ],
      overall: { pages: 3, meanCer: 0.0667, maxCer: 0.1 }
    })
  })
})
