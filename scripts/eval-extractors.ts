/**
 * The extractors the eval compares, each run as a separate process on a whole PDF and giving its
 * pages separated by form feeds. Baseline outputs never change for the same bytes, so they are
 * cached by SHA-256 in the temp directory; Recto's own text is always made afresh.
 */

import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type Extractor = Readonly<{
  name: string
  cached: boolean
  command: (pdf: string) => readonly [string, readonly string[]]
}>

const PYTHON = '/usr/bin/python3'

/**
 * `RECTO_EVAL_CLI` points the eval at another entry point taking `text [--raw] <pdf>` (a .ts one
 * runs through tsx), to measure a working tree whose full CLI does not build yet.
 */
function rectoCommand(
  repo: string
): (args: readonly string[]) => readonly [string, readonly string[]] {
  const cli = process.env['RECTO_EVAL_CLI'] ?? join(repo, 'bin', 'recto.js')
  const loader = /\.m?ts$/.test(cli) ? ['--import', 'tsx'] : []
  return (args) => [process.execPath, [...loader, cli, ...args]]
}

export function extractors(repo: string): Extractor[] {
  const recto = rectoCommand(repo)
  const baselines = join(repo, 'scripts', 'eval-baselines.py')
  return [
    { name: 'recto', cached: false, command: (pdf) => recto(['text', pdf]) },
    {
      name: 'recto+bp',
      cached: false,
      command: (pdf) => [
        process.execPath,
        ['--import', 'tsx', join(repo, 'scripts', 'eval-recto-keep.ts'), pdf]
      ]
    },
    {
      name: 'mupdf-raw',
      cached: false,
      command: (pdf) => recto(['text', '--raw', pdf])
    },
    {
      name: 'pdftotext',
      cached: true,
      command: (pdf) => ['pdftotext', ['-enc', 'UTF-8', pdf, '-']]
    },
    { name: 'pymupdf', cached: true, command: (pdf) => [PYTHON, [baselines, 'pymupdf', pdf]] },
    { name: 'pdfminer', cached: true, command: (pdf) => [PYTHON, [baselines, 'pdfminer', pdf]] }
  ]
}

export type Extraction = Readonly<{ text: string; error: string | null; ms: number }>

const TIMEOUT_MS = 300_000

function run(file: string, args: readonly string[]): Promise<Extraction> {
  const started = Date.now()
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { encoding: 'utf8', maxBuffer: 1 << 28, timeout: TIMEOUT_MS },
      (err, stdout, stderr) => {
        const ms = Date.now() - started
        if (err) {
          const reason = stderr.trim().split('\n').pop() || err.message.split('\n')[0] || 'failed'
          resolve({ text: stdout, error: reason, ms })
        } else resolve({ text: stdout, error: null, ms })
      }
    )
  })
}

export async function extract(tool: Extractor, pdf: string, sha256: string): Promise<Extraction> {
  const cacheDir = join(tmpdir(), 'recto-eval-cache')
  const cacheFile = join(cacheDir, `${tool.name}-${sha256}.txt`)
  if (tool.cached && existsSync(cacheFile)) {
    return { text: readFileSync(cacheFile, 'utf8'), error: null, ms: 0 }
  }
  const [file, args] = tool.command(pdf)
  const result = await run(file, args)
  if (tool.cached && result.error === null) {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(cacheFile, result.text)
  }
  return result
}

/** Runs jobs with at most `limit` in flight (the build machines have two cores). */
export async function pool<T>(jobs: ReadonlyArray<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++
      results[i] = await jobs[i]!()
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker))
  return results
}
