import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'

/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temporary folder, the server listening
 * only on a Unix socket in that folder, trust authentication for the one user `recto`. Debian's
 * server binaries are looked for under /usr/lib/postgresql/<version>/bin (or RECTO_PG_BIN).
 */
export type Cluster = Readonly<{
  dir: string
  url: (database: string) => string
  /** Stops the server and removes the cluster. */
  stop: () => void
  /** An outage: the server stopped as an administrator stops it, its connections cut. */
  pause: () => void
  /** The server started again on the same data and socket after a pause. */
  resume: () => void
}>

const PORT = 5432

/** The folder holding initdb and pg_ctl, or why there is none. */
export function postgresBin(): { bin: string } | { missing: string } {
  const given = process.env['RECTO_PG_BIN']
  if (given) {
    return existsSync(join(given, 'pg_ctl')) ? { bin: given } : { missing: `no pg_ctl in ${given}` }
  }
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0) {
    return { missing: `no PostgreSQL server under ${root} (apt-get install postgresql)` }
  }
  return { bin: join(root, versions[0]!, 'bin') }
}

/** initdb refuses to run as root: the cluster then belongs to the system's postgres account. */
function runAs(): string[] {
  if (userInfo().uid !== 0) return []
  for (const user of ['postgres', 'nobody']) {
    try {
      execFileSync('id', ['-u', user], { stdio: 'ignore' })
      return ['runuser', '-u', user, '--']
    } catch {
      // no such account; try the next
    }
  }
  throw new Error('running as root with neither a postgres nor a nobody account for initdb')
}

/**
 * `password`: the user `recto` has it and every connection must give it (scram-sha-256), for the
 * tests of how a password reaches the server without a URL holding it.
 */
export function startCluster(bin: string, password?: string): Cluster {
  const dir = mkdtempSync(join(tmpdir(), 'recto-pg-'))
  const as = runAs()
  if (as.length > 0) {
    chmodSync(dir, 0o777)
  }
  const run = (program: string, args: string[]): void => {
    const [command, ...rest] = [...as, join(bin, program), ...args]
    execFileSync(command!, rest, { stdio: ['ignore', 'ignore', 'pipe'] })
  }
  const data = join(dir, 'data')
  const auth = ['--auth=trust']
  if (password !== undefined) {
    const file = join(dir, 'password')
    writeFileSync(file, `${password}\n`, { mode: 0o644 })
    auth.splice(0, 1, '--auth=scram-sha-256', `--pwfile=${file}`)
  }
  run('initdb', ['-D', data, '-U', 'recto', ...auth, '-E', 'UTF8', '--no-sync', '-N'])
  const settings = [
    `-k ${dir}`,
    `-p ${PORT}`,
    "-c listen_addresses=''",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=off',
    // Every test opens its own database and connection and may leave it open until its file ends.
    '-c max_connections=300'
  ].join(' ')
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', 'start'])
  start()
  return {
    dir,
    url: (database) => `postgresql://recto@localhost/${database}?host=${dir}&port=${PORT}`,
    pause: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
