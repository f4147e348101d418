import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, existsSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { REPO_ROOT } from '../helpers/corpus.js'

const CLI = join(REPO_ROOT, 'bin', 'recto.js')

/** Adds PDF files or folders to a project with the real CLI, as a user would. */
export function ingest(dbFile: string, ...paths: string[]): void {
  const run = spawnSync(process.execPath, [CLI, 'ingest', ...paths, '--db', dbFile], {
    encoding: 'utf8'
  })
  if (run.status !== 0) throw new Error(`recto ingest failed (${run.status}): ${run.stderr}`)
}

/**
 * A project built from the sample corpus. The CLI ingests it once a run (test/e2e/samples-setup.ts)
 * and each file gets a copy of it: the same bytes the ingest would write again.
 */
export function ingestSamples(dbFile: string): void {
  const once = join(inject('samplesDir'), 'samples.sqlite')
  if (!existsSync(once)) {
    // Two workers may both get here first: each ingests its own file and moves it into place.
    const own = join(inject('samplesDir'), `samples-${process.pid}.sqlite`)
    ingest(own, join(REPO_ROOT, 'resources', 'samples'))
    renameSync(own, once)
  }
  copyFileSync(once, dbFile)
}

export type Served = Readonly<{ url: string; stop(): Promise<void> }>

/**
 * Starts `recto serve` (on a free port unless `options` name one) and resolves with the URL it
 * prints.
 */
export async function serve(dbFile: string, options: readonly string[] = []): Promise<Served> {
  const port = options.includes('--port') ? [] : ['--port', '0']
  const child = spawn(process.execPath, [CLI, 'serve', '--db', dbFile, ...port, ...options], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      const printed = /Recto is serving (\S+)/.exec(stdout)
      if (printed) resolve(printed[1]!)
    })
    child.once('exit', (code) => reject(new Error(`recto serve exited (${code}): ${stderr}`)))
  })
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
  }
}
