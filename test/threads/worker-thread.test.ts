import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccountsThread } from '../../src-main/server/accounts-thread.js'
import { openDatabase } from '../../src-main/store/open.js'
import { SyncPgClient } from '../../src-main/store/postgres/sync-client.js'
import { addUser } from '../../src-main/store/users.js'
import { THREADS_OUT_ENV } from '../../src-main/threads/worker-thread.js'
import { tempDir } from '../helpers/db.js'
import { transpileEngine } from '../helpers/threads-setup.js'

/**
 * Under vitest the engine's threads start from the run's transpile of src-main/
 * (test/helpers/threads-setup.ts) instead of registering tsx in every thread; run by tsx alone,
 * they still load the sources.
 */
const tmp = tempDir('recto-worker-thread-')
const project = join(tmp.dir, 'review.sqlite')
/** A folder named as the transpile but empty: a thread that starts from it cannot load. */
const empty = join(tmp.dir, 'empty')
/** No server listens on port 1: a PostgreSQL thread that loaded fails to connect there. */
const NO_SERVER = 'postgres://recto@127.0.0.1:1/none'

beforeAll(() => {
  const db = openDatabase(project)
  addUser(db, { name: 'ada', role: 'reviewer', password: 'ada pw 123' })
  db.close()
})

afterEach(() => {
  vi.unstubAllEnvs()
})

afterAll(() => tmp.remove())

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .sort()
}

/** Logs ada in on an accounts thread (`recto serve`'s), started as the environment says. */
async function logInOnThread(): Promise<string | undefined> {
  const thread = new AccountsThread(project, 1)
  try {
    return (await thread.accounts.logIn('ada', 'ada pw 123'))?.user.name
  } finally {
    await thread.close()
  }
}

/** The first statement's failure on a PostgreSQL thread started as the environment says. */
function firstStatementFailure(): string {
  const client = new SyncPgClient(NO_SERVER)
  try {
    client.request({ kind: 'query', text: 'SELECT 1', values: [], reconnect: false })
    return 'answered'
  } catch (error) {
    return (error as Error).message
  } finally {
    client.terminate()
  }
}

describe("the engine's threads under vitest", () => {
  it('start from a transpile of the sources as they are now, one module for each', async () => {
    const out = process.env[THREADS_OUT_ENV]
    expect(out).toBeDefined()
    const fresh = join(tmp.dir, 'fresh')
    await transpileEngine(fresh)
    const modules = jsFiles(fresh)
    expect(modules).toContain(join('src-main', 'jobs', 'ingest-worker.js'))
    expect(jsFiles(out!)).toEqual(modules)
    const stale = modules.filter(
      (file) => readFileSync(join(out!, file), 'utf8') !== readFileSync(join(fresh, file), 'utf8')
    )
    expect(stale).toEqual([])
  })

  it("run the transpile's modules, not the sources", async () => {
    expect(await logInOnThread()).toBe('ada')
    expect(firstStatementFailure()).toMatch(/ECONNREFUSED/)

    vi.stubEnv(THREADS_OUT_ENV, empty)
    await expect(logInOnThread()).rejects.toThrow(
      `the accounts thread failed: Cannot find module '${join(empty, 'src-main', 'server', 'accounts-worker.js')}'`
    )
    expect(firstStatementFailure()).toContain(
      `Cannot find module '${join(empty, 'src-main', 'store', 'postgres', 'pg-worker.js')}'`
    )
  })

  it('load the sources through tsx without the transpile', async () => {
    vi.stubEnv(THREADS_OUT_ENV, undefined)
    expect(await logInOnThread()).toBe('ada')
    expect(firstStatementFailure()).toMatch(/ECONNREFUSED/)
  })
})
