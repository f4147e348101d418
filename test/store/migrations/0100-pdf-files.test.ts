import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { hasPdfBytes, storePdfBytes, storedPdfBytes } from '../../../src-main/store/pdf-files.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0100-pdf-files', () => {
  it('adds pdf_files to a version-80 database: bytes by hash, kept whole, stored once', () => {
    const db = memoryDb(80)
    migrate(db, undefined, 100)
    expect(schemaVersion(db)).toBe(100)
    // Every byte value, NUL and 0xff among them, must come back as it went in.
    const bytes = Uint8Array.from({ length: 512 }, (_, i) => i % 256)
    storePdfBytes(db, 'abc', bytes)
    storePdfBytes(db, 'abc', new Uint8Array([1]))
    expect(hasPdfBytes(db, 'abc')).toBe(true)
    expect(hasPdfBytes(db, 'def')).toBe(false)
    expect(storedPdfBytes(db, 'def')).toBeNull()
    expect(Buffer.compare(storedPdfBytes(db, 'abc') as Buffer, Buffer.from(bytes))).toBe(0)
    expect(db.prepare('SELECT count(*) FROM pdf_files').pluck().get()).toBe(1)
  })
})
