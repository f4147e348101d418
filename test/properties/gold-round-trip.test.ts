import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fc, test } from '@fast-check/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportGold } from '../../src-main/export/gold-export.js'
import { goldText } from '../../src-main/export/gold-text.js'
import { readGoldFolder } from '../../src-main/score/gold-folder.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { getDocument } from '../../src-main/store/documents.js'
import { openDatabase } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'
import { propertyRuns } from '../helpers/property-runs.js'
import { corpusPdf, ingestPdf, review } from '../export/project.js'

/** Text a reviewer may leave: any characters, and more often the ones the export rewrites. */
const reviewedText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\uFEFF', '\r', '\n', '\r\n', ' ', '\t', '\f', '\u00a0', 'ﬁ', 'Ａ', 'e\u0301'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
  ),
  maxLength: 40
})

describe('a gold entry exported and read back', () => {
  const tmp = tempDir('recto-gold-prop-')
  const gold = join(tmp.dir, 'gold')
  let db: WritableDB
  let documentId: number

  beforeAll(() => {
    db = openDatabase(join(tmp.dir, 'project.recto'))
    documentId = ingestPdf(db, corpusPdf('pdfminer__zen_of_python_corrupted.pdf'), 'zen.pdf')
  })
  afterAll(() => {
    db.close()
    tmp.remove()
  })

  // The property's first finding: a page whose text opened with U+FEFF was exported with it, and
  // read back without it, as a byte-order mark.
  it('leaves out a U+FEFF that opens the text, which no reader would read back', async () => {
    review(db, documentId, 1, { status: 'corrected', text: '\uFEFF\r\nPreface\uFEFF ' })
    await exportGold(db, gold)
    const [entry] = (await readGoldFolder(gold)).entries
    expect(readFileSync(join(gold, `${entry!.name}.txt`), 'utf8')).toBe('Preface\uFEFF\n')
    expect(entry!.text).toBe('Preface\uFEFF\n')
  })

  test.prop([reviewedText], propertyRuns(25))(
    'reads as the text the export wrote, and stays the same file when put back and exported again',
    async (text) => {
      const revision = review(db, documentId, 1, { status: 'corrected', text })
      await exportGold(db, gold)
      const [entry] = (await readGoldFolder(gold)).entries
      const written = readFileSync(join(gold, `${entry!.name}.txt`), 'utf8')
      expect(entry!.text).toBe(written)
      expect(written).toBe(goldText([text]))
      expect(entry!.manifest).toMatchObject({
        sha256: getDocument(db, documentId)!.sha256,
        page: 1,
        revision,
        status: 'corrected'
      })

      review(db, documentId, 1, { text: entry!.text })
      const again = await exportGold(db, gold)
      expect(again.unchanged).toContain(entry!.name)
      expect(readFileSync(join(gold, `${entry!.name}.txt`), 'utf8')).toBe(written)
    }
  )
})
