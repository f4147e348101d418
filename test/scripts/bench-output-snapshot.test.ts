import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../helpers/db.js'
import { prosePage } from '../helpers/prose-pages.js'

const repo = fileURLToPath(new URL('../..', import.meta.url))

/** Four `recto` processes, each loading MuPDF: slow on a loaded machine. */
const TIMEOUT = 240_000

describe("the bench's snapshot of what recto prints", { timeout: TIMEOUT }, () => {
  const dir = tempDir('recto-bench-snapshot-')
  afterAll(() => dir.remove())

  it('writes the output and exit code of recto text and recto check --json for every PDF', () => {
    const input = join(dir.dir, 'pdfs')
    mkdirSync(input)
    writeFileSync(join(input, 'one.pdf'), prosePage(1, 1))
    writeFileSync(join(input, 'two.pdf'), prosePage(2, 2))
    writeFileSync(join(input, 'notes.txt'), 'not a PDF')
    const out = join(dir.dir, 'snapshot')
    const run = spawnSync(process.execPath, ['scripts/bench/output-snapshot.js', out, input], {
      cwd: repo,
      encoding: 'utf8'
    })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain('2 files, 4 commands')
    const names = readdirSync(out).sort()
    expect(names).toEqual(
      ['one.pdf', 'two.pdf'].flatMap((pdf) =>
        ['check', 'text'].flatMap((command) =>
          ['status', 'stderr', 'stdout'].map((part) => `${pdf}.${command}.${part}`)
        )
      )
    )
    for (const pdf of ['one.pdf', 'two.pdf']) {
      const text = readFileSync(join(out, `${pdf}.text.stdout`), 'utf8')
      const check = JSON.parse(readFileSync(join(out, `${pdf}.check.stdout`), 'utf8'))
      const direct = spawnSync(process.execPath, ['bin/recto.js', 'text', join(input, pdf)], {
        cwd: repo,
        encoding: 'utf8'
      })
      expect(text).toBe(direct.stdout)
      expect(text.split(/\s+/).length).toBeGreaterThan(100)
      expect(check).toBeTypeOf('object')
      expect(readFileSync(join(out, `${pdf}.text.status`), 'utf8')).toBe(`${direct.status}\n`)
    }
  })
})
