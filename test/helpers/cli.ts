import { spawnSync } from 'node:child_process'
import { REPO_ROOT } from './corpus.js'

export type CliResult = Readonly<{ status: number | null; stdout: string; stderr: string }>

/** Runs the built CLI (`npm run build:main` first) as a user would: `node bin/recto.js …`. */
export function recto(...args: string[]): CliResult {
  const child = spawnSync(process.execPath, ['bin/recto.js', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  })
  return { status: child.status, stdout: child.stdout, stderr: child.stderr }
}
