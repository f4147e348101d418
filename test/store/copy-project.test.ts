import { describe, expect, it } from 'vitest'
import { claimNext } from '../../src-main/store/claims.js'
import { copyProject, CopyError, tableChecksum } from '../../src-main/store/copy-project.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { addDocument } from '../../src-main/store/documents.js'
import { savePage } from '../../src-main/store/pages.js'
import { appendRevision, currentState } from '../../src-main/store/revisions.js'
import { addUser, logIn } from '../../src-main/store/users.js'
import { memoryDb } from '../helpers/db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

/** A project with something in every kind of row: pages, flags, a revision, an account, a claim. */
async function project(): Promise<WritableDB> {
  const db = memoryDb()
  const doc = addDocument(db, { sha256: 'f'.repeat(64), path: '/f.pdf', name: 'f.pdf', bytes: 9 })
    .document.id
  for (const n of [1, 2]) {
    const layout = syntheticLayout(n, [`Title ${n}`, 'Body ﬁne — "quoted"'])
    const analysis = syntheticAnalysis(layout, [flag('low_text', 'warn')])
    savePage(db, doc, storedPage(layout, analysis, `Title ${n}`))
  }
  const state = currentState(db, doc, 1)!
  appendRevision(db, {
    documentId: doc,
    page: 1,
    author: 'ada',
    action: 'edit',
    state: { ...state.state, text: 'Corrected', status: 'corrected' }
  })
  const ada = addUser(db, { name: 'ada', role: 'admin', password: 'long enough' })
  await logIn(db, 'ada', 'long enough')
  claimNext(db, ada.id)
  db.prepare(
    `INSERT INTO font_programs (id, name, code_width, updated_at) VALUES ('p1', 'F', 1, 'now')`
  ).run()
  db.prepare(
    `INSERT INTO font_map_codes (program, code, text, source, votes, seen, glyph)
     VALUES ('p1', 65, 'A', 'ocr', 2, 3, ?)`
  ).run(Buffer.from([137, 80, 78, 71]))
  return db
}

describe('copying a project', () => {
  it('copies every row and proves it by count and checksum; the copy goes on counting ids', async () => {
    const from = await project()
    const to = memoryDb()
    const copied = copyProject(from, to)
    const rows = Object.fromEntries(copied.map((t) => [t.table, t.rows]))
    expect(rows).toMatchObject({
      documents: 1,
      pages: 2,
      flags: 2,
      revisions: 1,
      users: 1,
      sessions: 1,
      claims: 1,
      font_map_codes: 1
    })
    for (const t of copied) expect(tableChecksum(to, t.table).checksum).toBe(t.checksum)
    const next = addDocument(to, {
      sha256: '0'.repeat(64),
      path: '/n.pdf',
      name: 'n.pdf',
      bytes: 1
    })
    expect(next.document.id).toBe(2)
    expect(to.prepare('SELECT rank FROM pages WHERE page_no = 1').pluck().get()).toBe(
      from.prepare('SELECT rank FROM pages WHERE page_no = 1').pluck().get()
    )
  })

  it('refuses a target that is not empty and leaves it as it was', async () => {
    const from = await project()
    const to = await project()
    const before = tableChecksum(to, 'pages')
    expect(() => copyProject(from, to)).toThrow(CopyError)
    expect(tableChecksum(to, 'pages')).toEqual(before)
  })

  it('tells one changed character apart', async () => {
    const db = await project()
    const before = tableChecksum(db, 'flags')
    db.prepare(`UPDATE flags SET message = 'low_text seem' WHERE page_no = 2`).run()
    expect(tableChecksum(db, 'flags').checksum).not.toBe(before.checksum)
  })
})
