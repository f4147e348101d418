import type { ReadableDB, WritableDB } from './db.js'
import { PgDatabase } from './postgres/pg-database.js'

/** A claim lapses after this long without activity on its page; the page returns to the queue. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000

export type PageKey = Readonly<{ documentId: number; pageNo: number }>
export type Claim = PageKey & Readonly<{ holder: string; claimedAt: string; expiresAt: string }>

/**
 * The claim rule's part for double-keyed pages, on `pages p` and the claimer `@userId`: a page
 * never goes to someone who keyed it; short of keyings, to any other reviewer; once both are in,
 * only to an admin (who adjudicates). Pages that need no double keying, or are adjudicated, are
 * unaffected.
 */
const KEYING_CLAIM_RULE = `NOT EXISTS (
  SELECT 1 FROM double_keyed_pages d
  WHERE d.document_id = p.document_id AND d.page_no = p.page_no
    AND d.adjudicated_revision IS NULL
    AND (EXISTS (SELECT 1 FROM keyings k JOIN users u ON u.name = k.keyer
                 WHERE k.document_id = d.document_id AND k.page_no = d.page_no
                   AND u.id = @userId)
      OR ((SELECT count(*) FROM keyings k
           WHERE k.document_id = d.document_id AND k.page_no = d.page_no) >= 2
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = @userId AND u.role = 'admin'))))`

/** How many times a claimer that lost a race for a page tries the next one before giving up. */
const ATTEMPTS = 20

/**
 * The next unreviewed page of the queue (worst first) that nobody holds, taken in one statement:
 * a live claim is never overwritten (the upsert's WHERE), an expired one is taken over.
 * PostgreSQL's `FOR UPDATE SKIP LOCKED` sends concurrent claimers to different pages; SQLite runs
 * one writer at a time, so the statement alone is enough there. A double-keyed page goes only to
 * a reviewer who has not keyed it, then to an admin to adjudicate (KEYING_CLAIM_RULE).
 */
function claimSql(db: ReadableDB): string {
  const skipLocked = (db as unknown) instanceof PgDatabase ? 'FOR UPDATE OF p SKIP LOCKED' : ''
  return `
    WITH next AS (
      SELECT p.document_id, p.page_no FROM pages p
      WHERE p.status = 'unreviewed'
        AND NOT EXISTS (
          SELECT 1 FROM claims c
          WHERE c.document_id = p.document_id AND c.page_no = p.page_no AND c.expires_at > @now)
        AND ${KEYING_CLAIM_RULE}
      ORDER BY p.rank, p.document_id, p.page_no
      LIMIT 1 ${skipLocked}
    )
    INSERT INTO claims (document_id, page_no, user_id, claimed_at, expires_at)
    SELECT document_id, page_no, @userId, @now, @expires FROM next WHERE true
    ON CONFLICT (document_id, page_no) DO UPDATE SET
      user_id = excluded.user_id, claimed_at = excluded.claimed_at,
      expires_at = excluded.expires_at
    WHERE claims.expires_at <= @now
    RETURNING document_id, page_no`
}

/**
 * Claims the next page for the reviewer and releases those they held; null when every other
 * unreviewed page is held by someone else or none is left.
 */
export function claimNext(db: WritableDB, userId: number, now = new Date()): PageKey | null {
  const params = {
    userId,
    now: now.toISOString(),
    expires: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()
  }
  let claimed: PageKey | null = null
  for (let i = 0; i < ATTEMPTS && !claimed; i++) {
    const row = db.prepare(claimSql(db)).get(params) as
      { document_id: number; page_no: number } | undefined
    if (row) claimed = { documentId: row.document_id, pageNo: row.page_no }
    // Nothing claimed: no page left, or another claimer took this one between our look and our
    // write (PostgreSQL's read-committed snapshot). Only the second is worth another try.
    else if (!anyClaimable(db, params.now, userId)) break
  }
  // The pages they held stayed claimed while the next was chosen, so "next" moves on.
  db.prepare('DELETE FROM claims WHERE user_id = ? AND NOT (document_id = ? AND page_no = ?)').run(
    userId,
    claimed?.documentId ?? -1,
    claimed?.pageNo ?? -1
  )
  return claimed
}

function anyClaimable(db: ReadableDB, now: string, userId: number): boolean {
  return (
    db
      .prepare(
        `SELECT count(*) FROM pages p WHERE p.status = 'unreviewed' AND NOT EXISTS (
           SELECT 1 FROM claims c WHERE c.document_id = p.document_id AND c.page_no = p.page_no
             AND c.expires_at > @now)
           AND ${KEYING_CLAIM_RULE}`
      )
      .pluck()
      .get({ now, userId }) !== 0
  )
}

/** The live claim on a page, with its holder's name; null when the page is free. */
export function pageClaim(db: ReadableDB, page: PageKey, now = new Date()): Claim | null {
  const row = db
    .prepare(
      `SELECT c.document_id, c.page_no, u.name, c.claimed_at, c.expires_at
       FROM claims c JOIN users u ON u.id = c.user_id
       WHERE c.document_id = ? AND c.page_no = ? AND c.expires_at > ?`
    )
    .get(page.documentId, page.pageNo, now.toISOString()) as ClaimRow | undefined
  return row ? toClaim(row) : null
}

type ClaimRow = {
  document_id: number
  page_no: number
  name: string
  claimed_at: string
  expires_at: string
}

function toClaim(row: ClaimRow): Claim {
  return {
    documentId: row.document_id,
    pageNo: row.page_no,
    holder: row.name,
    claimedAt: row.claimed_at,
    expiresAt: row.expires_at
  }
}

/** Every live claim, for the queue to show who holds which page. */
export function liveClaims(db: ReadableDB, now = new Date()): Claim[] {
  return (
    db
      .prepare(
        `SELECT c.document_id, c.page_no, u.name, c.claimed_at, c.expires_at
         FROM claims c JOIN users u ON u.id = c.user_id
         WHERE c.expires_at > ? ORDER BY c.document_id, c.page_no`
      )
      .all(now.toISOString()) as ClaimRow[]
  ).map(toClaim)
}

/**
 * Extends the reviewer's live claim on the page by a full lease (they are at work on it); false
 * when they hold no live claim there, which is when they may not change the page.
 */
export function renewClaim(
  db: WritableDB,
  userId: number,
  page: PageKey,
  now = new Date()
): boolean {
  const renewed = db
    .prepare(
      `UPDATE claims SET expires_at = ?
       WHERE document_id = ? AND page_no = ? AND user_id = ? AND expires_at > ?`
    )
    .run(
      new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      page.documentId,
      page.pageNo,
      userId,
      now.toISOString()
    )
  return renewed.changes === 1
}

/**
 * Claims this page for the reviewer, when nobody else holds it live and it is theirs to take (the
 * double-keying rule): a reviewer whose claim lapsed while they worked takes the page back. Like
 * `claimNext`, it ends their claims on other pages. True when the page is now theirs.
 */
export function takeClaim(
  db: WritableDB,
  userId: number,
  page: PageKey,
  now = new Date()
): boolean {
  const params = {
    userId,
    documentId: page.documentId,
    pageNo: page.pageNo,
    now: now.toISOString(),
    expires: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()
  }
  const taken = db
    .prepare(
      `INSERT INTO claims (document_id, page_no, user_id, claimed_at, expires_at)
       SELECT p.document_id, p.page_no, @userId, @now, @expires FROM pages p
       WHERE p.document_id = @documentId AND p.page_no = @pageNo AND ${KEYING_CLAIM_RULE}
       ON CONFLICT (document_id, page_no) DO UPDATE SET
         user_id = excluded.user_id, claimed_at = excluded.claimed_at,
         expires_at = excluded.expires_at
       WHERE claims.expires_at <= @now OR claims.user_id = @userId
       RETURNING document_id`
    )
    .get(params)
  if (!taken) return false
  db.prepare('DELETE FROM claims WHERE user_id = ? AND NOT (document_id = ? AND page_no = ?)').run(
    userId,
    page.documentId,
    page.pageNo
  )
  return true
}

export function releaseClaim(db: WritableDB, userId: number, page: PageKey): boolean {
  return (
    db
      .prepare('DELETE FROM claims WHERE document_id = ? AND page_no = ? AND user_id = ?')
      .run(page.documentId, page.pageNo, userId).changes === 1
  )
}
