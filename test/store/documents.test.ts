import { describe, expect, it } from 'vitest'
import {
  addDocument,
  countDocumentsByStatus,
  documentPaths,
  DocumentStatusError,
  findDocumentBySha256,
  getDocument,
  listDocuments,
  markDone,
  markError,
  markIngesting
} from '../../src-main/store/documents.js'
import { memoryDb } from '../helpers/db.js'

const FILE = { sha256: 'a'.repeat(64), path: '/in/report.pdf', name: 'report.pdf', bytes: 1234 }

describe('documents', () => {
  it('adds bytes once: the same bytes again are a no-op', () => {
    const db = memoryDb()
    const first = addDocument(db, FILE)
    expect(first).toMatchObject({ added: true, newPath: true })
    expect(first.document).toMatchObject({ name: 'report.pdf', status: 'pending', bytes: 1234 })

    const again = addDocument(db, FILE)
    expect(again).toMatchObject({ added: false, newPath: false })
    expect(again.document).toEqual(first.document)
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(1)
    expect(db.prepare('SELECT count(*) FROM document_paths').pluck().get()).toBe(1)
  })

  it('recognises the same bytes under a new path and records the path', () => {
    const db = memoryDb()
    const { document } = addDocument(db, FILE, new Date('2026-01-01T00:00:00Z'))
    const moved = addDocument(
      db,
      { ...FILE, path: '/elsewhere/copy.pdf', name: 'copy.pdf' },
      new Date('2026-01-02T00:00:00Z')
    )
    expect(moved).toMatchObject({ added: false, newPath: true })
    expect(moved.document.id).toBe(document.id)
    expect(moved.document.name).toBe('report.pdf')
    expect(documentPaths(db, document.id)).toEqual(['/in/report.pdf', '/elsewhere/copy.pdf'])
    expect(findDocumentBySha256(db, FILE.sha256)?.id).toBe(document.id)
  })

  it('keeps different bytes apart even under the same path', () => {
    const db = memoryDb()
    const a = addDocument(db, FILE)
    const b = addDocument(db, { ...FILE, sha256: 'b'.repeat(64) })
    expect(b.added).toBe(true)
    expect(b.document.id).not.toBe(a.document.id)
  })

  it('moves through pending → ingesting → done, and records errors with their reason', () => {
    const db = memoryDb()
    const { document } = addDocument(db, FILE)
    expect(() => markDone(db, document.id)).toThrow(DocumentStatusError)

    markIngesting(db, document.id, { pageCount: 3, title: 'Report', tagged: true })
    expect(getDocument(db, document.id)).toMatchObject({
      status: 'ingesting',
      pageCount: 3,
      title: 'Report',
      tagged: true
    })
    markDone(db, document.id, new Date('2026-03-01T00:00:00Z'))
    expect(getDocument(db, document.id)).toMatchObject({
      status: 'done',
      ingestedAt: '2026-03-01T00:00:00.000Z'
    })
    expect(() => markError(db, document.id, 'late')).toThrow('document 1 is done')

    const other = addDocument(db, { ...FILE, sha256: 'c'.repeat(64) }).document
    markError(db, other.id, 'not a PDF (no %PDF- header)')
    expect(getDocument(db, other.id)).toMatchObject({
      status: 'error',
      error: 'not a PDF (no %PDF- header)'
    })
    markIngesting(db, other.id, { pageCount: 1, title: null, tagged: false })
    expect(getDocument(db, other.id)).toMatchObject({ status: 'ingesting', error: null })

    expect(countDocumentsByStatus(db)).toEqual({ pending: 0, ingesting: 1, done: 1, error: 0 })
    expect(listDocuments(db, { status: 'done' }).map((d) => d.id)).toEqual([document.id])
    expect(listDocuments(db, { afterId: document.id }).map((d) => d.id)).toEqual([other.id])
  })
})
