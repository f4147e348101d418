import { describe, expect, it } from 'vitest'
import {
  CLAIM_LEASE_MS,
  claimNext,
  liveClaims,
  pageClaim,
  releaseClaim,
  renewClaim,
  takeClaim
} from '../../src-main/store/claims.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { addDocument } from '../../src-main/store/documents.js'
import { savePage } from '../../src-main/store/pages.js'
import { addUser } from '../../src-main/store/users.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

const T0 = new Date('2026-03-01T09:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

/** Three pages: page 2 worst (an error flag), then page 3 (a warning), then page 1 (clean). */
function project(): { db: WritableDB; doc: number; ada: number; bob: number; cy: number } {
  const db = memoryDb()
  const doc = addDocument(db, { sha256: 'd'.repeat(64), path: '/d.pdf', name: 'd.pdf', bytes: 1 })
    .document.id
  const flags = [[], [flag('low_text', 'error')], [flag('low_text', 'warn')]]
  flags.forEach((f, i) => {
    const layout = syntheticLayout(i + 1, [`page ${i + 1}`])
    savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, f), `page ${i + 1}`))
  })
  const user = (name: string) => addUser(db, { name, role: 'reviewer', password: 'long enough' }).id
  return { db, doc, ada: user('ada'), bob: user('bob'), cy: user('cy') }
}

describe('claims', () => {
  it('hands out the queue worst first, each page to one reviewer only', () => {
    const { db, doc, ada, bob, cy } = project()
    expect(claimNext(db, ada, T0)).toEqual({ documentId: doc, pageNo: 2 })
    expect(claimNext(db, bob, T0)).toEqual({ documentId: doc, pageNo: 3 })
    expect(claimNext(db, cy, T0)).toEqual({ documentId: doc, pageNo: 1 })
    const dave = addUser(db, { name: 'dave', role: 'reviewer', password: 'long enough' }).id
    expect(claimNext(db, dave, T0)).toBeNull()
    expect(pageClaim(db, { documentId: doc, pageNo: 2 }, T0)).toMatchObject({
      holder: 'ada',
      claimedAt: T0.toISOString(),
      expiresAt: at(CLAIM_LEASE_MS).toISOString()
    })
    expect(liveClaims(db, T0).map((c) => [c.pageNo, c.holder])).toEqual([
      [1, 'cy'],
      [2, 'ada'],
      [3, 'bob']
    ])
  })

  it('moves a reviewer on: their next claim lets go of the page they held', () => {
    const { db, doc, ada, bob } = project()
    claimNext(db, ada, T0)
    expect(claimNext(db, ada, T0)).toEqual({ documentId: doc, pageNo: 3 })
    expect(claimNext(db, bob, T0)).toEqual({ documentId: doc, pageNo: 2 })
  })

  it('returns a released page and an idle one to the queue; activity keeps a lease', () => {
    const { db, doc, ada, bob, cy } = project()
    const page2 = { documentId: doc, pageNo: 2 }
    claimNext(db, ada, T0)
    expect(releaseClaim(db, bob, page2)).toBe(false)
    expect(releaseClaim(db, ada, page2)).toBe(true)
    expect(pageClaim(db, page2, T0)).toBeNull()
    expect(claimNext(db, bob, T0)).toEqual(page2)

    // Bob works on it: each renewal moves the end of the lease on.
    expect(renewClaim(db, bob, page2, at(CLAIM_LEASE_MS - 1000))).toBe(true)
    expect(renewClaim(db, ada, page2, at(CLAIM_LEASE_MS - 1000))).toBe(false)
    expect(claimNext(db, cy, at(CLAIM_LEASE_MS + 1000))).toEqual({ documentId: doc, pageNo: 3 })
    // Then he goes idle: past the lease the page is anyone's, and his renewal comes too late.
    const late = at(2 * CLAIM_LEASE_MS)
    expect(claimNext(db, ada, late)).toEqual(page2)
    expect(renewClaim(db, bob, page2, late)).toBe(false)
    expect(pageClaim(db, page2, late)?.holder).toBe('ada')
  })

  it('leaves reviewed pages out of the queue', () => {
    const { db, doc, ada } = project()
    db.prepare(`UPDATE pages SET status = 'approved' WHERE page_no IN (2, 3)`).run()
    expect(claimNext(db, ada, T0)).toEqual({ documentId: doc, pageNo: 1 })
  })

  it('gives a reviewer back a page their claim lapsed on, unless another took it meanwhile', () => {
    const { db, doc, ada, bob } = project()
    const page2 = { documentId: doc, pageNo: 2 }
    const page3 = { documentId: doc, pageNo: 3 }
    claimNext(db, ada, T0)
    const lapsed = at(CLAIM_LEASE_MS + 1000)
    expect(renewClaim(db, ada, page2, lapsed)).toBe(false)
    expect(takeClaim(db, ada, page2, lapsed)).toBe(true)
    expect(pageClaim(db, page2, lapsed)).toMatchObject({
      holder: 'ada',
      expiresAt: new Date(lapsed.getTime() + CLAIM_LEASE_MS).toISOString()
    })
    // Bob may not take a page Ada holds; once it lapsed and he took it, she may not take it back.
    expect(takeClaim(db, bob, page2, lapsed)).toBe(false)
    const later = at(3 * CLAIM_LEASE_MS)
    expect(takeClaim(db, bob, page2, later)).toBe(true)
    expect(takeClaim(db, ada, page2, later)).toBe(false)
    expect(pageClaim(db, page2, later)?.holder).toBe('bob')
    // Taking a page lets go of the one held before, as Next does.
    expect(takeClaim(db, bob, page3, later)).toBe(true)
    expect(liveClaims(db, later).map((c) => [c.pageNo, c.holder])).toEqual([[3, 'bob']])
  })
})
