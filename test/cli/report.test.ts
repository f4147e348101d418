import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { addDocument } from '../../src-main/store/documents.js'
import { openDatabase } from '../../src-main/store/open.js'
import { savePage } from '../../src-main/store/pages.js'
import { appendRevision } from '../../src-main/store/revisions.js'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
import { storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

const dir = tempDir('recto-report-')
afterAll(() => dir.remove())

describe('recto report', () => {
  it("prints each reviewer's figures and the keyings' agreement, as text or JSON", () => {
    const file = join(dir.dir, 'team.sqlite')
    const db = openDatabase(file)
    const doc = addDocument(db, { sha256: 'c'.repeat(64), path: '/c.pdf', name: 'c.pdf', bytes: 1 })
      .document.id
    const layout = syntheticLayout(1, ['page one'])
    savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, []), 'page one'))
    const state = { order: [0], excluded: [], blockText: {}, text: 'page one' }
    appendRevision(db, {
      documentId: doc,
      page: 1,
      author: 'ada',
      action: 'save',
      state: { ...state, status: 'approved' }
    })
    db.close()

    const json = recto('report', '--db', file, '--json')
    expect(json.status, json.stderr).toBe(0)
    expect(JSON.parse(json.stdout)).toEqual({
      reviewers: [
        {
          reviewer: 'ada',
          pages: 1,
          activeMinutes: 0,
          pagesPerHour: null,
          approvals: 1,
          corrections: 0,
          reworked: 0
        }
      ],
      agreement: { pairs: [], overall: null }
    })
    expect(recto('report', '--db', file).stdout).toBe(
      [
        'Reviewers',
        'reviewer\tpages\tminutes\tpages/hour\tapprovals\tcorrections\treworked',
        'ada\t1\t0\t–\t1\t0\t0',
        '',
        'Agreement of double keyings',
        'no double-keyed page has both its keyings yet',
        ''
      ].join('\n')
    )
  })
})
