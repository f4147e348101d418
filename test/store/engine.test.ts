import { describe, expect, it } from 'vitest'
import { addDocument, getDocument } from '../../src-main/store/documents.js'
import { schemaVersion } from '../../src-main/store/migrate.js'
import { MIGRATIONS } from '../../src-main/store/migrations/index.js'
import { memoryDb } from '../helpers/db.js'

/**
 * What the store relies on from its database, the same on SQLite and PostgreSQL (this file is in
 * the store contract suite, run on both engines: vite.config.ts).
 */
const FILE = { sha256: 'c'.repeat(64), path: '/in/a.pdf', name: 'a.pdf', bytes: 7 }

describe('store engine', () => {
  it('is at the newest schema version once opened', () => {
    expect(schemaVersion(memoryDb())).toBe(MIGRATIONS.at(-1)!.version)
  })

  it('undoes a whole transaction when its function throws, and keeps what committed', () => {
    const db = memoryDb()
    const add = db.transaction((sha: string) => {
      addDocument(db, { ...FILE, sha256: sha })
      if (sha.startsWith('b')) throw new Error('refused')
    })
    add('a'.repeat(64))
    expect(() => add('b'.repeat(64))).toThrow('refused')
    expect(db.prepare('SELECT sha256 FROM documents').pluck().all()).toEqual(['a'.repeat(64)])
  })

  it('undoes only the inner of two nested transactions', () => {
    const db = memoryDb()
    const inner = db.transaction(() => {
      addDocument(db, { ...FILE, sha256: 'i'.repeat(64) })
      throw new Error('inner refused')
    })
    db.transaction(() => {
      addDocument(db, { ...FILE, sha256: 'o'.repeat(64) })
      expect(() => inner()).toThrow('inner refused')
    })()
    expect(db.prepare('SELECT sha256 FROM documents').pluck().all()).toEqual(['o'.repeat(64)])
  })

  it('reads numbers as numbers, blobs as Buffers and text as written', () => {
    const db = memoryDb()
    const { document } = addDocument(db, { ...FILE, bytes: 3_000_000_000 })
    expect(getDocument(db, document.id)?.bytes).toBe(3_000_000_000)
    db.prepare(
      `INSERT INTO font_programs (id, name, code_width, updated_at) VALUES ('p', 'F', 1, 'now')`
    ).run()
    const glyph = Buffer.from([0, 1, 2, 255, 0])
    db.prepare(
      `INSERT INTO font_map_codes (program, code, text, source, votes, seen, glyph)
       VALUES (@program, @code, @text, 'ocr', 1, 1, @glyph)`
    ).run({ program: 'p', code: 65, text: 'Ä ﬁ "quoted" ? @not', glyph })
    const row = db.prepare('SELECT code, text, glyph FROM font_map_codes').get() as {
      code: unknown
      text: unknown
      glyph: unknown
    }
    expect(row).toEqual({ code: 65, text: 'Ä ﬁ "quoted" ? @not', glyph })
    expect(Buffer.isBuffer(row.glyph)).toBe(true)
    expect(db.prepare('SELECT count(*) FROM font_map_codes WHERE code = ?').pluck().get(65)).toBe(1)
  })

  it('tests a named parameter for NULL and aggregates no rows to an empty JSON list', () => {
    const db = memoryDb()
    const count = db.prepare(
      'SELECT count(*) FROM documents WHERE @status IS NULL OR status = @status'
    )
    addDocument(db, FILE)
    expect(count.pluck().get({ status: null })).toBe(1)
    expect(count.pluck().get({ status: 'done' })).toBe(0)
    const codes = db.prepare('SELECT json_group_array(code) FROM flags').pluck().get()
    expect(JSON.parse(codes as string)).toEqual([])
  })

  it('keeps revisions append-only', () => {
    const db = memoryDb()
    expect(() => db.prepare(`UPDATE revisions SET author = 'x'`).run()).not.toThrow()
    // The trigger fires per row: with no rows nothing is refused; with one it is.
    const { document } = addDocument(db, FILE)
    db.prepare(
      `INSERT INTO pages (document_id, page_no, width, height, rotation, chars, decision, quality,
         worst_severity, auto_order, roles, text, raw_text, digest, layout)
       VALUES (?, 1, 1, 1, 0, 0, 'ok', 1, 0, '[]', '[]', '', '', '', ?)`
    ).run(document.id, Buffer.from([1]))
    db.prepare(
      `INSERT INTO revisions (document_id, page_no, created_at, author, action, block_order,
         excluded, block_text, text, status)
       VALUES (?, 1, 'now', 'me', 'edit', '[]', '[]', '{}', '', 'corrected')`
    ).run(document.id)
    expect(() => db.prepare(`UPDATE revisions SET author = 'x'`).run()).toThrow(/append-only/)
  })
})
