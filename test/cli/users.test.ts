import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/open.js'
import { logIn } from '../../src-main/store/users.js'
import { REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const project = tempDir('recto-users-')
const db = join(project.dir, 'team.sqlite')
afterAll(() => project.remove())

/** `recto users …` as typed, the password (if any) piped on standard input. */
function users(args: string[], input?: string) {
  const child = spawnSync(process.execPath, ['bin/recto.js', 'users', ...args, '--db', db], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input })
  })
  return { status: child.status, out: child.stdout + child.stderr }
}

describe('recto users', () => {
  const password = 'S3cret passphrase!'

  it('adds, lists and disables accounts; the password is never echoed nor kept', () => {
    expect(users(['add', 'ada', '--role', 'admin'], `${password}\n`)).toEqual({
      status: 0,
      out: 'added ada (admin)\n'
    })
    expect(users(['add', 'bob'], `${password}\n`).status).toBe(0)
    expect(users(['disable', 'bob'])).toEqual({
      status: 0,
      out: 'disabled bob; their sessions have ended and their pages are free\n'
    })
    const list = users(['list'])
    expect(list.out).toMatch(/^ada\tadmin\tactive\nbob\treviewer\tdisabled \d{4}-/)
    expect(readFileSync(db).toString('latin1')).not.toContain(password)
  })

  it('refuses a bad role, a short password and a second account of one name, in one line', () => {
    expect(users(['add', 'cy', '--role', 'boss'], `${password}\n`)).toEqual({
      status: 2,
      out: "recto: --role is reviewer or admin, not 'boss'\n"
    })
    expect(users(['add', 'cy'], 'short\n')).toEqual({
      status: 1,
      out: 'recto: a password has at least 8 characters\n'
    })
    const again = users(['add', 'ada'], `${password}\n`)
    expect(again).toEqual({ status: 1, out: 'recto: ada already has an account\n' })
    expect(again.out).not.toContain(password)
  })

  it('enables, changes the role and the password of and removes an account', async () => {
    const newPassword = 'another long passphrase'
    expect(users(['enable', 'bob'])).toEqual({
      status: 0,
      out: 'enabled bob; they may log in again\n'
    })
    expect(users(['role', 'bob', '--role', 'admin'])).toEqual({
      status: 0,
      out: 'bob is now an admin\n'
    })
    expect(users(['passwd', 'bob'], `${newPassword}\n`)).toEqual({
      status: 0,
      out: 'changed the password of bob; their sessions have ended\n'
    })
    expect(users(['list']).out).toMatch(/^ada\tadmin\tactive\nbob\tadmin\tactive\n$/)
    const project = openDatabase(db)
    expect(await logIn(project, 'bob', password)).toBeNull()
    expect((await logIn(project, 'bob', newPassword))?.user.role).toBe('admin')
    project.close()
    expect(users(['remove', 'bob'])).toEqual({
      status: 0,
      out: 'removed bob; their revisions keep their name\n'
    })
    expect(users(['remove', 'bob'])).toEqual({ status: 1, out: 'recto: no account named bob\n' })
    expect(users(['role', 'ada'])).toEqual({
      status: 2,
      out: 'recto: users role needs --role reviewer or admin\n'
    })
    expect(users(['list']).out).toMatch(/^ada\tadmin\tactive\n$/)
    const audit = spawnSync(process.execPath, ['bin/recto.js', 'audit', '--db', db], {
      cwd: REPO_ROOT,
      encoding: 'utf8'
    })
    const actions = audit.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(2, 5))
    // The second remove, refused, changed nothing and is not an action taken.
    expect(actions.slice(-4)).toEqual([
      ['users.enable', '', 'name="bob"'],
      ['users.role', '', 'name="bob" role="admin"'],
      ['users.passwd', '', 'name="bob"'],
      ['users.remove', '', 'name="bob"']
    ])
  })
})

describe('RECTO_DB', () => {
  it('names the project when --db is left out', () => {
    const child = spawnSync(process.execPath, ['bin/recto.js', 'users', 'list'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, RECTO_DB: db }
    })
    expect(child.status).toBe(0)
    expect(child.stdout).toMatch(/^ada\tadmin\tactive\n/)
  })
})
