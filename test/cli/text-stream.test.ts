import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/corpus.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { templatePdf } from '../helpers/template-pdf.js'

const RECORDER = fileURLToPath(new URL('../helpers/record-page-loads.mjs', import.meta.url))
const PAGES = 40
const dir = mkdtempSync(join(tmpdir(), 'recto-text-stream-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Every page a running head, a section title, two columns and its number at the foot. */
const report = templatePdf(Array.from({ length: PAGES }, () => 'two-column' as const))
const file = join(dir, 'report.pdf')
writeFileSync(file, report)

type Load = { index: number; after: number }

/** `recto text` with every page load reported (record-page-loads.mjs): its stdout and loads. */
function textRecorded(...args: string[]): { status: number | null; stdout: string; loads: Load[] } {
  const child = spawnSync(process.execPath, ['--import', RECORDER, 'bin/recto.js', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  })
  const loads = [...child.stderr.matchAll(/^recto-test: load (\d+) after (\d+)$/gm)].map((m) => ({
    index: Number(m[1]),
    after: Number(m[2])
  }))
  return { status: child.status, stdout: child.stdout, loads }
}

describe('recto text streams', () => {
  const expected = analysisOfBytes(report)
    .pages.map((page) => page.analysis.text)
    .join('\f')

  it('prints the first page before it reads the last, the same text as the whole document', () => {
    const { status, stdout, loads } = textRecorded('text', file)
    expect(status).toBe(0)
    expect(stdout).toBe(expected + '\n')
    // Running text is known from every page before page 1 is printed: each page's section title
    // stands where the others' do, and goes with the running head.
    expect(stdout).not.toContain('Northfield Water Board')
    expect(stdout).not.toContain('Section 1: accounts of the quarter')
    const firstPage = Buffer.byteLength(expected.split('\f')[0] ?? '')
    const lastRead = loads.filter((load) => load.index === PAGES - 1).at(-1)
    expect(lastRead?.after).toBeGreaterThanOrEqual(firstPage)
    expect(firstPage).toBeGreaterThan(0)
  })

  it('streams the chosen pages as they read in the whole document', () => {
    const { status, stdout, loads } = textRecorded('text', file, '--pages', '2,20-40')
    const pages = expected.split('\f')
    expect(status).toBe(0)
    expect(stdout).toBe([pages[1], ...pages.slice(19)].join('\f') + '\n')
    expect(loads.filter((load) => load.index === PAGES - 1).at(-1)?.after).toBeGreaterThan(0)
  })

  it('stops reading pages once the reader has closed the pipe, and exits 0', async () => {
    // The pipe is closed before the command starts: its first page's write finds no reader.
    const child = spawn(process.execPath, ['--import', RECORDER, 'bin/recto.js', 'text', file], {
      cwd: REPO_ROOT
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const status = await new Promise<number | null>((done) => child.on('close', done))
    expect(status).toBe(0)
    // Read once for the document's facts, and not again: no page after the first was printed.
    expect(stderr.match(/^recto-test: load 39 /gm)).toHaveLength(1)
    expect(stderr.replace(/^recto-test: .*\n/gm, '')).toBe('')
  })
})
