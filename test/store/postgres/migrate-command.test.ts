import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src-main/store/open.js'
import { recto } from '../../helpers/cli.js'
import { corpusPdf } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'

const dir = tempDir('recto-migrate-')
afterAll(() => dir.remove())

describe('recto migrate from SQLite to PostgreSQL', () => {
  it('copies an ingested project and prints each table verified; a second run is refused', () => {
    const file = join(dir.dir, 'review.sqlite')
    const pdfs = ['pdfminer__dmca.pdf', 'pdfplumber__scotus-transcript-p1.pdf'].map(corpusPdf)
    expect(recto('ingest', ...pdfs, '--db', file).status).toBe(0)
    const url = newPostgresDatabase().replace('recto@', 'recto:hunter2@')

    const copied = recto('migrate', '--from', file, '--to', url)
    expect(copied.stderr).toBe('')
    expect(copied.status).toBe(0)
    expect(copied.stdout).toMatch(/^documents +2 +[0-9a-f]{16}$/m)
    expect(copied.stdout).toMatch(/^flags +\d+ +[0-9a-f]{16}$/m)
    expect(copied.stdout).not.toContain('hunter2')

    const source = openDatabase(file)
    const target = openDatabase(url)
    const texts = (db: typeof source) =>
      db.prepare('SELECT document_id, page_no, text FROM pages ORDER BY document_id, page_no').all()
    expect(texts(target)).toEqual(texts(source))
    source.close()
    target.close()

    const again = recto('migrate', '--from', file, '--to', url)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(
      /^recto: postgresql:\/\/recto:\*\*\*@.*: the target is not empty: documents has rows\n$/
    )
  })
})
