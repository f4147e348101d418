import { spawn, spawnSync } from 'node:child_process'
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

/**
 * The built CLI run without blocking this process: for a test whose own server the command
 * talks to (a vision model's endpoint), which a synchronous run would leave unanswered.
 */
export function rectoAsync(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {}
): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['bin/recto.js', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env }
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', fail)
    child.on('close', (status) => done({ status, stdout, stderr }))
  })
}
