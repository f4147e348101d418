import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { REPO_ROOT } from './corpus.js'

export type WorkerEnd = Readonly<{ code: number | null; stdout: string; stderr: string }>

export type RectoWorker = Readonly<{
  /** The process id, for a test that kills it outright. */
  pid: number
  /** Resolves once the worker says it takes jobs; rejects with its output if it fails first. */
  started: () => Promise<void>
  /** Its standard output and error so far. */
  output: () => { stdout: string; stderr: string }
  /** SIGTERM, then its end. */
  stop(): Promise<WorkerEnd>
  /** SIGKILL, as a machine lost would end it, then its end. */
  kill(): Promise<WorkerEnd>
}>

/** A `recto worker` process on the project at `url` (built CLI), its output kept until it ends. */
export function startWorker(url: string, ...options: string[]): RectoWorker {
  const child = spawn(
    process.execPath,
    ['bin/recto.js', 'worker', '--db', url, '--workers', '1', ...options],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let stdout = ''
  let stderr = ''
  let onStarted: (() => void) | undefined
  let onFailed: ((error: Error) => void) | undefined
  const started = new Promise<void>((resolve, reject) => {
    onStarted = resolve
    onFailed = reject
  })
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    if (stderr.includes('recto worker: taking')) onStarted?.()
    // A worker that said why it failed but lives on would otherwise keep its test waiting.
    else if (/^recto: /m.test(stderr)) {
      onFailed?.(new Error(`the worker failed to start: ${stderr}`))
    }
  })
  const ended = once(child, 'exit') as Promise<[number | null]>
  // A test that fails before it stops its workers must not leave them running.
  const orphaned = () => child.kill('SIGKILL')
  process.once('exit', orphaned)
  const end = async (signal: NodeJS.Signals): Promise<WorkerEnd> => {
    process.off('exit', orphaned)
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    const [code] = await ended
    return { code, stdout, stderr }
  }
  return {
    pid: child.pid!,
    started: () =>
      Promise.race([
        started,
        ended.then(([code]) => {
          throw new Error(`the worker ended (${code}) before it took jobs: ${stderr}`)
        })
      ]),
    output: () => ({ stdout, stderr }),
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL')
  }
}
