import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import {
  fontCodes,
  listFontPrograms,
  saveDocumentPrograms,
  saveFontCodes,
  saveFontProgram
} from '../../../src-main/store/font-maps.js'
import { memoryDb } from '../../helpers/db.js'

const PROGRAM = 'a'.repeat(64)

describe('migration 0040-font-maps', () => {
  it('keeps the documents of a version-20 database and stores font maps beside them', () => {
    const db = memoryDb(20)
    db.prepare(
      `INSERT INTO documents (id, sha256, name, path, bytes, status, added_at)
       VALUES (1, 'abc', 'a.pdf', '/x/a.pdf', 10, 'done', '2026-01-01T00:00:00Z')`
    ).run()

    migrate(db, undefined, 40)
    expect(schemaVersion(db)).toBe(40)

    saveFontProgram(db, { id: PROGRAM, name: 'Times-Roman', codeWidth: 2, linesRead: 11 })
    saveFontCodes(db, PROGRAM, [
      { code: 70, text: 'e', source: 'ocr', votes: 9, seen: 9 },
      { code: 71, text: 'f', source: 'ocr', votes: 3, seen: 4 }
    ])
    saveDocumentPrograms(db, 1, [PROGRAM])
    saveFontCodes(db, PROGRAM, [{ code: 71, text: 'F', source: 'edited', votes: 0, seen: 0 }])
    // A later reading from OCR never overrides what a reviewer set.
    saveFontCodes(db, PROGRAM, [{ code: 71, text: 'f', source: 'ocr', votes: 5, seen: 5 }])

    expect(listFontPrograms(db, 1)).toMatchObject([
      { id: PROGRAM, name: 'Times-Roman', codes: { ocr: 1, reviewer: 0, edited: 1 }, documents: 1 }
    ])
    expect(fontCodes(db, PROGRAM).map((c) => [c.code, c.text, c.source])).toEqual([
      [70, 'e', 'ocr'],
      [71, 'F', 'edited']
    ])
    expect(() =>
      saveFontCodes(db, PROGRAM, [
        { code: 72, text: 'g', source: 'guess' as never, votes: 1, seen: 1 }
      ])
    ).toThrow(/CHECK|check constraint/)
  })
})
