import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { REPO_ROOT } from './corpus.js'

export type WorkerEnd = Readonly<{ code: number | null; stdout: string; stderr: string }>

/** A `recto worker` process on the project at `url` (built CLI), its output kept until it ends. */
export function startWorker(url: string, ...options: string[]): { stop(): Promise<WorkerEnd> } {
  const child = spawn(
    process.execPath,
    ['bin/recto.js', 'worker', '--db', url, '--workers', '1', ...options],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const ended = once(child, 'exit') as Promise<[number | null]>
  // A test that fails before it stops its workers must not leave them running.
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  return {
    stop: async () => {
      process.off('exit', orphaned)
      child.kill('SIGTERM')
      const [code] = await ended
      return { code, stdout, stderr }
    }
  }
}
