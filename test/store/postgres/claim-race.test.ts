import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { addDocument } from '../../../src-main/store/documents.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { savePage } from '../../../src-main/store/pages.js'
import { addUser } from '../../../src-main/store/users.js'
import { newPostgresDatabase } from '../../helpers/postgres-db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../../helpers/store-pages.js'

const REVIEWERS = 6
const PAGES = 120

/** claim-worker.ts on a thread of its own, through tsx's loader as vitest runs the sources. */
function reviewer(url: string, userId: number): Promise<string[]> {
  const require = createRequire(import.meta.url)
  const tsx = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')
  ).href
  const entry = new URL('./claim-worker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`
  const worker = new Worker(code, { eval: true, workerData: { url, userId } })
  return new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

describe('claims under concurrent reviewers on PostgreSQL', () => {
  it('hands every page out exactly once to reviewers claiming at the same time', async () => {
    const url = newPostgresDatabase()
    const db = openDatabase(url)
    const doc = addDocument(db, { sha256: 'e'.repeat(64), path: '/e.pdf', name: 'e.pdf', bytes: 1 })
      .document.id
    db.transaction(() => {
      for (let n = 1; n <= PAGES; n++) {
        const layout = syntheticLayout(n, [`page ${n}`])
        const flags = n % 3 === 0 ? [flag('low_text', 'warn')] : []
        savePage(db, doc, storedPage(layout, syntheticAnalysis(layout, flags), `page ${n}`))
      }
    })()
    const users = Array.from(
      { length: REVIEWERS },
      (_, i) => addUser(db, { name: `r${i}`, role: 'reviewer', password: 'long enough' }).id
    )
    const handed = (await Promise.all(users.map((id) => reviewer(url, id)))).flat()
    expect(handed).toHaveLength(PAGES)
    expect(new Set(handed).size).toBe(PAGES)
    expect(db.prepare(`SELECT count(*) FROM pages WHERE status = 'approved'`).pluck().get()).toBe(
      PAGES
    )
    db.close()
  })
})
