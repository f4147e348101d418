import { characterErrorRate } from '../error-rate/error-rate.js'
import type { PageKey } from './claims.js'
import type { ReadableDB, WritableDB } from './db.js'

/** A page's double keying as a keyer may see it: never another keyer's text. */
export type KeyingState = Readonly<{
  /** Whether the page needs two independent keyings and an adjudication before it is gold. */
  required: boolean
  /** How many keyings are in (0, 1 or 2). */
  keyings: number
  /** The caller's own keying, if they submitted one. */
  mine: string | null
  adjudicated: boolean
}>

export type Keying = Readonly<{ keyer: string; text: string; keyedAt: string }>

/** What the adjudicator sees: both keyings, first first, and their agreement. */
export type Adjudication = Readonly<{
  keyings: readonly [Keying, Keying]
  /** CER of the second keying against the first (the bake-off's CER, normalised). */
  agreementCer: number
}>

/** What a gold entry records of a double-keyed page. */
export type DoubleKeyedGold = Readonly<{
  keyers: readonly string[]
  agreementCer: number | null
  adjudicatedRevision: number | null
  /** Who signed the adjudicated revision. */
  adjudicator: string | null
}>

export class KeyingError extends Error {
  override name = 'KeyingError'
}

/**
 * Marks unreviewed pages as needing two keyings; pages already reviewed or already marked are
 * left as they are. Returns how many pages were marked.
 */
export function requireDoubleKeying(
  db: WritableDB,
  pages: readonly PageKey[],
  now = new Date()
): number {
  const mark = db.prepare(
    `INSERT INTO double_keyed_pages (document_id, page_no, required_at)
     SELECT document_id, page_no, ? FROM pages
     WHERE document_id = ? AND page_no = ? AND status = 'unreviewed'
     ON CONFLICT (document_id, page_no) DO NOTHING`
  )
  const at = now.toISOString()
  return db.transaction(() =>
    pages.reduce((n, page) => n + mark.run(at, page.documentId, page.pageNo).changes, 0)
  )()
}

/**
 * `count` unreviewed pages not yet double-keyed, drawn by a seeded hash so the same seed draws
 * the same sample from the same project, spread across documents rather than the queue's head.
 */
export function sampleForDoubleKeying(db: ReadableDB, count: number, seed: string): PageKey[] {
  const rows = db
    .prepare(
      `SELECT p.document_id, p.page_no FROM pages p
       WHERE p.status = 'unreviewed' AND NOT EXISTS (
         SELECT 1 FROM double_keyed_pages d
         WHERE d.document_id = p.document_id AND d.page_no = p.page_no)`
    )
    .all() as { document_id: number; page_no: number }[]
  return rows
    .map((r) => ({ documentId: r.document_id, pageNo: r.page_no, draw: draw(seed, r) }))
    .sort((a, b) => a.draw - b.draw || a.documentId - b.documentId || a.pageNo - b.pageNo)
    .slice(0, count)
    .map(({ documentId, pageNo }) => ({ documentId, pageNo }))
}

/** FNV-1a over the seed and the page: a stable, evenly spread number per page. */
function draw(seed: string, row: { document_id: number; page_no: number }): number {
  let hash = 0x811c9dc5
  for (const ch of `${seed}:${row.document_id}:${row.page_no}`) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0
  }
  return hash
}

type RequirementRow = {
  agreement_cer: number | null
  adjudicated_revision: number | null
  adjudicator: string | null
}

function requirement(db: ReadableDB, page: PageKey): RequirementRow | undefined {
  return db
    .prepare(
      `SELECT d.agreement_cer, d.adjudicated_revision, r.author AS adjudicator
       FROM double_keyed_pages d LEFT JOIN revisions r ON r.id = d.adjudicated_revision
       WHERE d.document_id = ? AND d.page_no = ?`
    )
    .get(page.documentId, page.pageNo) as RequirementRow | undefined
}

function keyingsOf(db: ReadableDB, page: PageKey): Keying[] {
  return (
    db
      .prepare(
        `SELECT keyer, text, keyed_at FROM keyings
         WHERE document_id = ? AND page_no = ? ORDER BY seq`
      )
      .all(page.documentId, page.pageNo) as { keyer: string; text: string; keyed_at: string }[]
  ).map((r) => ({ keyer: r.keyer, text: r.text, keyedAt: r.keyed_at }))
}

export function keyingState(db: ReadableDB, page: PageKey, keyer: string): KeyingState {
  const required = requirement(db, page)
  if (!required) return { required: false, keyings: 0, mine: null, adjudicated: false }
  const keyings = keyingsOf(db, page)
  return {
    required: true,
    keyings: keyings.length,
    mine: keyings.find((k) => k.keyer === keyer)?.text ?? null,
    adjudicated: required.adjudicated_revision !== null
  }
}

/**
 * On `pages p`: the page is double-keyed and waits for a keying or its adjudication. Its text may
 * change only by keyings and the adjudication meanwhile, and it is no gold entry yet: the one rule
 * the edits, OCR, the Gold screen and the gold export share.
 */
export const AWAITS_ADJUDICATION = `EXISTS (
  SELECT 1 FROM double_keyed_pages d
  WHERE d.document_id = p.document_id AND d.page_no = p.page_no
    AND d.adjudicated_revision IS NULL)`

export function awaitsAdjudication(db: ReadableDB, page: PageKey): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM pages p WHERE p.document_id = ? AND p.page_no = ? AND ${AWAITS_ADJUDICATION}`
      )
      .get(page.documentId, page.pageNo) !== undefined
  )
}

/**
 * Stores `keyer`'s keying of the page and releases their claim on it, so the other keyer can take
 * it. The second keying sets the pair's agreement. One keying per keyer, two per page.
 */
export function submitKeying(
  db: WritableDB,
  page: PageKey,
  keyer: string,
  text: string,
  now = new Date()
): KeyingState {
  return db.transaction(() => {
    if (!awaitsAdjudication(db, page)) {
      throw new KeyingError(`page ${page.pageNo} does not wait for keyings`)
    }
    const keyings = keyingsOf(db, page)
    if (keyings.some((k) => k.keyer === keyer)) {
      throw new KeyingError(`${keyer} has already keyed page ${page.pageNo}`)
    }
    if (keyings.length >= 2) throw new KeyingError(`page ${page.pageNo} has both its keyings`)
    db.prepare(
      `INSERT INTO keyings (document_id, page_no, seq, keyer, text, keyed_at)
       VALUES (?, ?, ?, ?, ?, ?)`
    ).run(page.documentId, page.pageNo, keyings.length + 1, keyer, text, now.toISOString())
    if (keyings.length === 1) {
      db.prepare(
        `UPDATE double_keyed_pages SET agreement_cer = ? WHERE document_id = ? AND page_no = ?`
      ).run(characterErrorRate(keyings[0]!.text, text).rate, page.documentId, page.pageNo)
    }
    db.prepare(
      `DELETE FROM claims WHERE document_id = ? AND page_no = ?
         AND user_id IN (SELECT id FROM users WHERE name = ?)`
    ).run(page.documentId, page.pageNo, keyer)
    return keyingState(db, page, keyer)
  })()
}

/**
 * Both keyings and their agreement, for `adjudicator`; refused until both are in, once
 * adjudicated, and to either keyer: the gold text is settled by someone who keyed neither
 * transcription, or a keyer's own reading would decide every difference in its favour.
 */
export function adjudication(db: ReadableDB, page: PageKey, adjudicator: string): Adjudication {
  const required = requirement(db, page)
  const keyings = keyingsOf(db, page)
  if (!required || required.adjudicated_revision !== null || keyings.length < 2) {
    throw new KeyingError(`page ${page.pageNo} has no pair of keyings to adjudicate`)
  }
  if (keyings.some((k) => k.keyer === adjudicator)) {
    throw new KeyingError(
      `${adjudicator} keyed page ${page.pageNo}: an adjudicator who keyed neither settles it`
    )
  }
  return { keyings: [keyings[0]!, keyings[1]!], agreementCer: required.agreement_cer ?? 0 }
}

export function recordAdjudication(db: WritableDB, page: PageKey, revisionId: number): void {
  db.prepare(
    `UPDATE double_keyed_pages SET adjudicated_revision = ? WHERE document_id = ? AND page_no = ?`
  ).run(revisionId, page.documentId, page.pageNo)
}

/** The keyers and agreement of a double-keyed page, null for a page keyed once as usual. */
export function doubleKeyedGold(db: ReadableDB, page: PageKey): DoubleKeyedGold | null {
  const required = requirement(db, page)
  if (!required) return null
  return {
    keyers: keyingsOf(db, page).map((k) => k.keyer),
    agreementCer: required.agreement_cer,
    adjudicatedRevision: required.adjudicated_revision,
    adjudicator: required.adjudicator
  }
}

/** Double-keyed pages still waiting for a keying or their adjudication: not gold yet. */
export function pagesAwaitingAdjudication(db: ReadableDB): PageKey[] {
  return (
    db
      .prepare(
        `SELECT p.document_id, p.page_no FROM pages p
         WHERE ${AWAITS_ADJUDICATION} ORDER BY p.document_id, p.page_no`
      )
      .all() as { document_id: number; page_no: number }[]
  ).map((r) => ({ documentId: r.document_id, pageNo: r.page_no }))
}

export type KeyingSummary = Readonly<{
  /** Marked pages with fewer than two keyings. */
  awaitingKeying: number
  /** Marked pages with both keyings, not yet adjudicated. */
  awaitingAdjudication: number
  adjudicated: number
}>

/** How far the project's double keying has come, page counts only (never whose, never what). */
export function keyingSummary(db: ReadableDB): KeyingSummary {
  const row = db
    .prepare(
      `SELECT
         count(*) FILTER (WHERE d.adjudicated_revision IS NULL AND
           (SELECT count(*) FROM keyings k
            WHERE k.document_id = d.document_id AND k.page_no = d.page_no) < 2) AS keying,
         count(*) FILTER (WHERE d.adjudicated_revision IS NULL AND
           (SELECT count(*) FROM keyings k
            WHERE k.document_id = d.document_id AND k.page_no = d.page_no) = 2) AS adjudication,
         count(*) FILTER (WHERE d.adjudicated_revision IS NOT NULL) AS adjudicated
       FROM double_keyed_pages d`
    )
    .get() as { keying: number; adjudication: number; adjudicated: number }
  return {
    awaitingKeying: row.keying,
    awaitingAdjudication: row.adjudication,
    adjudicated: row.adjudicated
  }
}
