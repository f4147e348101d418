import { spawnSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../../helpers/corpus.js'
import { tempDir } from '../../helpers/db.js'
import { postgresBin, startCluster, type Cluster } from '../../helpers/postgres-cluster.js'

/**
 * A server that asks for a password: the CLI gets it from PGPASSWORD or ~/.pgpass, as docs/team.md
 * says, so no command line (which `ps` shows every user) needs to carry it.
 */
const SECRET = 'pw-from-the-environment'
const home = tempDir('recto-pgpass-')
let cluster: Cluster
let url: string

beforeAll(() => {
  const found = postgresBin()
  if ('missing' in found) throw new Error(found.missing)
  cluster = startCluster(found.bin, SECRET)
  url = cluster.url('postgres')
})

afterAll(() => {
  cluster.stop()
  home.remove()
})

// A PGPASSWORD set at all, even empty, makes node-postgres skip ~/.pgpass.
const inherited = { ...process.env }
delete inherited['PGPASSWORD']

/** `recto users list` on the password-protected cluster, with `env` added and HOME its own. */
function usersList(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ['bin/recto.js', 'users', 'list', '--db', url], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...inherited, HOME: home.dir, ...env }
  })
  return { status: child.status, out: child.stdout + child.stderr }
}

describe('a PostgreSQL password outside the URL', () => {
  it('is refused without one, in one line that shows no password', () => {
    const refused = usersList({})
    expect(refused.status).toBe(1)
    expect(refused.out.trim().split('\n')).toHaveLength(1)
    expect(refused.out).toMatch(/^recto: postgresql:\/\/recto@localhost\/postgres\?host=/)
  })

  it('is read from PGPASSWORD', () => {
    expect(usersList({ PGPASSWORD: SECRET })).toEqual({ status: 0, out: '' })
  })

  it('is read from ~/.pgpass', () => {
    const pgpass = join(home.dir, '.pgpass')
    writeFileSync(pgpass, `*:*:*:recto:${SECRET}\n`)
    chmodSync(pgpass, 0o600)
    const listed = usersList({})
    expect(listed.status, listed.out).toBe(0)
    expect(listed.out).not.toContain(SECRET)
  })
})
