import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src-main/cli/main.js'
import { REPO_ROOT } from '../helpers/corpus.js'

const RECORDER = fileURLToPath(new URL('../helpers/record-imports.mjs', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'recto-help-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The built CLI run with every module it loads recorded: its output and those modules' URLs. */
function rectoRecorded(...args: string[]): {
  status: number | null
  stdout: string
  loaded: string[]
} {
  const record = join(dir, `${args.join('-').replace(/[^\w-]/g, '_')}.txt`)
  const child = spawnSync(process.execPath, ['--import', RECORDER, 'bin/recto.js', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, RECTO_RECORD_IMPORTS: record }
  })
  return {
    status: child.status,
    stdout: child.stdout,
    loaded: readFileSync(record, 'utf8').trim().split('\n')
  }
}

/**
 * The engine's modules inside the bundle's files a run loaded, as esbuild marks each module's
 * code (`// out/src-main/layout/normalize.js`).
 */
const bundledModules = (loaded: readonly string[]) =>
  loaded
    .filter((url) => url.startsWith(`file://${REPO_ROOT}out/cli/`))
    .flatMap((url) => readFileSync(new URL(url), 'utf8').match(/^\/\/ out\/src-main\/\S+$/gm) ?? [])

const PACKAGE = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//
const packagesOf = (loaded: readonly string[]) => [
  ...new Set(loaded.flatMap((url) => PACKAGE.exec(url)?.[1] ?? []))
]

describe('recto <command> --help', () => {
  it('reads a PDF with MuPDF, as the recorder sees, when the command runs', () => {
    const run = rectoRecorded('text', join(REPO_ROOT, 'resources/samples/running-headers.pdf'))
    expect(run.status).toBe(0)
    expect(packagesOf(run.loaded)).toContain('mupdf')
    expect(bundledModules(run.loaded)).toContain('// out/src-main/extract/page.js')
  })

  it.each(COMMANDS.map((c) => c.name))(
    '%s --help prints its usage from its help module alone: no package, no engine',
    (name) => {
      const run = rectoRecorded(name, '--help')
      expect(run.status).toBe(0)
      expect(run.stdout).toMatch(new RegExp(`^Usage: recto ${name} `))
      expect(run.loaded).toContain(`file://${REPO_ROOT}out/cli/help/${name}.js`)
      // No MuPDF, SQLite, pg-boss, tesseract.js, zod, js-tiktoken: nothing but Node and strings.
      expect(packagesOf(run.loaded)).toEqual([])
      expect(run.loaded.filter((url) => url.includes('/out/cli/commands/'))).toEqual([])
      const engine = bundledModules(run.loaded)
      expect(engine).toContain(`// out/src-main/cli/help/${name}.js`)
      expect(engine.filter((m) => /\/(extract|analysis|checks|cli\/commands)\//.test(m))).toEqual(
        []
      )
    }
  )
})
