import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountsThread } from '../../src-main/server/accounts-thread.js'
import { addDocument } from '../../src-main/store/documents.js'
import { openDatabase } from '../../src-main/store/open.js'
import { savePage } from '../../src-main/store/pages.js'
import { addUser } from '../../src-main/store/users.js'
import { tempDir } from '../helpers/db.js'
import { newPostgresDatabase } from '../helpers/postgres-db.js'
import { flag, storedPage, syntheticAnalysis, syntheticLayout } from '../helpers/store-pages.js'

/** `recto serve`'s accounts and claims on threads of their own, on a file or a PostgreSQL URL. */
const postgres = process.env['RECTO_TEST_ENGINE'] === 'postgres'
const tmp = tempDir('recto-accounts-thread-')
let thread: AccountsThread
let doc: number

beforeAll(() => {
  const location = postgres ? newPostgresDatabase() : join(tmp.dir, 'review.sqlite')
  const db = openDatabase(location)
  doc = addDocument(db, { sha256: 'a'.repeat(64), path: '/a.pdf', name: 'a.pdf', bytes: 1 })
    .document.id
  // Page 2 (an error) is the worst, then page 1 (a warning).
  for (const [pageNo, severity] of [
    [1, 'warn'],
    [2, 'error']
  ] as const) {
    const layout = syntheticLayout(pageNo, [`page ${pageNo}`])
    const analysis = syntheticAnalysis(layout, [flag('low_text', severity)])
    savePage(db, doc, storedPage(layout, analysis, `page ${pageNo}`))
  }
  for (const name of ['ada', 'bob']) {
    addUser(db, { name, role: 'reviewer', password: `${name} pw 123` })
  }
  db.close()
  // Two connections on PostgreSQL, as `recto serve` opens several: claims stay one holder each.
  thread = new AccountsThread(location, postgres ? 2 : 1)
})

afterAll(async () => {
  await thread?.close()
  tmp.remove()
})

describe('the accounts thread', () => {
  it('logs reviewers in, hands them different pages and tells who holds which', async () => {
    const { accounts } = thread
    const [wrong, ada, bob] = await Promise.all([
      accounts.logIn('ada', 'bob pw 123'),
      accounts.logIn('ada', 'ada pw 123'),
      accounts.logIn('bob', 'bob pw 123')
    ])
    expect(wrong).toBeNull()
    expect((await accounts.user(ada!.token))?.name).toBe('ada')
    expect(await accounts.active()).toBe(true)

    const [adas, bobs] = await Promise.all([
      accounts.claimNext(ada!.user),
      accounts.claimNext(bob!.user)
    ])
    expect([adas, bobs].map((p) => p?.pageNo).sort()).toEqual([1, 2])
    const claims = await accounts.claims()
    expect(claims.map((c) => [c.pageNo, c.holder]).sort()).toEqual(
      [
        [adas!.pageNo, 'ada'],
        [bobs!.pageNo, 'bob']
      ].sort()
    )
    expect(await accounts.renew(bob!.user, adas!)).toBe(false)
    expect(await accounts.renew(ada!.user, adas!)).toBe(true)
    expect(await accounts.release(ada!.user, adas!)).toBe(true)
    expect(await accounts.holder(adas!)).toBeNull()
    expect((await accounts.holder(bobs!))?.holder).toBe('bob')

    await accounts.logOut(ada!.token)
    expect(await accounts.user(ada!.token)).toBeNull()
  })
})
