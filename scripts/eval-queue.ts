/**
 * `tsx scripts/eval-queue.ts`: whether the review queue can be trusted, measured on the corpus.
 * For every page that has olmOCR-bench tests, Recto's text (`recto text`) is run through the
 * plain-text tests and set beside Recto's decision (`recto check --json`): a page whose text
 * fails two or more tests is bad, and a bad page rated `ok` is one no reviewer will ever see.
 * The same is done for generated pages of the kinds the queue has missed (eval-queue-pages.ts),
 * whose tests come from the text they were drawn with. Then the decisions of every corpus page:
 * `--save FILE` keeps them, `--against FILE` lists the pages whose decision moved since.
 * `--generated` measures the generated pages alone, `--gutters` the sweep of columns set close
 * (eval-queue-pages.ts, gutterSweepPages). A measuring tool, not a test: it prints and exits 0 whatever the numbers say.
 */

import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pool } from './eval-extractors.js'
import { isPlainTextTest, runBenchTest, type BenchTest } from './eval-match.js'
import { generatedQueuePages, gutterSweepPages, type GeneratedPage } from './eval-queue-pages.js'
import { messageOf } from '../src-main/shared/error-message.js'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const corpus = resolve(repo, '..', 'shared', 'corpus')
const cli = join(repo, 'bin', 'recto.js')

/** The olmOCR-bench tests of the corpus, each naming its PDF as the corpus stores it. */
export function loadBenchTests(corpusDir: string): BenchTest[] {
  const lines = ['olmocr__bench_dataset.subset.jsonl', 'olmocr__blanks.jsonl'].flatMap((f) =>
    readFileSync(join(corpusDir, 'truth', f), 'utf8').split('\n')
  )
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as BenchTest)
    .map((t) => ({ ...t, pdf: `olmocr__${basename(t.pdf)}` }))
}

export type Checked = Readonly<{
  page: number
  decision: string
  flags: ReadonlyArray<Readonly<{ code: string; severity: string; message: string }>>
}>

function recto(args: readonly string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 600_000 },
      (err, stdout, stderr) => {
        if (err) fail(new Error(stderr.trim().split('\n').pop() || err.message))
        else done(stdout)
      }
    )
  })
}

export async function checkPdf(pdf: string): Promise<Checked[]> {
  return JSON.parse(await recto(['check', '--json', pdf])) as Checked[]
}

/** A page judged: its failing tests and Recto's decision on it. */
export type JudgedPage = Readonly<{
  name: string
  tests: number
  failed: readonly BenchTest[]
  decision: string
  flags: readonly string[]
}>

/** A page's plain-text tests run on Recto's text of it, beside Recto's decision on it. */
export function judged(
  name: string,
  content: string,
  checked: Checked | undefined,
  tests: readonly BenchTest[]
): JudgedPage {
  return {
    name,
    tests: tests.length,
    failed: tests.filter((t) => !runBenchTest(t, content)),
    decision: checked?.decision ?? 'missing',
    flags: (checked?.flags ?? []).filter((f) => f.severity !== 'info').map((f) => f.code)
  }
}

/** A page of a PDF judged as `recto text` reads it and `recto check` decides it. */
export async function judgePage(
  pdf: string,
  page: number,
  name: string,
  tests: readonly BenchTest[]
): Promise<JudgedPage> {
  const [text, checked] = await Promise.all([recto(['text', pdf]), checkPdf(pdf)])
  const content = text.split('\f')[page - 1] ?? ''
  return judged(
    name,
    content,
    checked.find((c) => c.page === page),
    tests
  )
}

const describeTest = (t: BenchTest): string =>
  t.type === 'order'
    ? `order "${clip(t.before)}" before "${clip(t.after)}"`
    : t.type === 'baseline'
      ? `baseline (at most ${t.max_length ?? '?'} letters)`
      : `${t.type} "${clip(t.text)}"`

function clip(s: string | undefined, n = 50): string {
  const flat = (s ?? '').replace(/\s+/g, ' ')
  return flat.length <= n ? flat : `${flat.slice(0, n)}…`
}

/** The queue's figures over judged pages, as the acceptance of issue 37 states them. */
export function queueReport(title: string, pages: readonly JudgedPage[]): string[] {
  const bad = pages.filter((p) => p.failed.length >= 2)
  const clean = pages.filter((p) => p.failed.length === 0)
  const badOk = bad.filter((p) => p.decision === 'ok')
  const alarms = clean.filter((p) => p.decision !== 'ok')
  const out = [`## ${title}`, '']
  out.push('| page | tests | failing | decision | flags (warn/error) |', '|---|---|---|---|---|')
  for (const p of pages) {
    out.push(
      `| ${p.name} | ${p.tests} | ${p.failed.length} | ${p.decision} | ${p.flags.join(', ')} |`
    )
  }
  out.push(
    '',
    `- bad pages (≥2 failing tests): ${bad.length}; rated ok: ${badOk.length} (${share(badOk.length, bad.length)})`,
    `- bad pages caught (not ok): ${bad.length - badOk.length} of ${bad.length} (${share(bad.length - badOk.length, bad.length)})`,
    `- clean pages (0 failing) sent to review or OCR: ${alarms.length} of ${clean.length} (${share(alarms.length, clean.length)})`,
    `- pages failing exactly one test: ${pages.length - bad.length - clean.length}`
  )
  if (badOk.length > 0) out.push('', 'Bad pages rated ok:')
  for (const p of badOk) {
    out.push(`- ${p.name}:`, ...p.failed.map((t) => `  - ${describeTest(t)}`))
  }
  if (alarms.length > 0) out.push('', 'Clean pages not rated ok:')
  for (const p of alarms) out.push(`- ${p.name}: ${p.decision} (${p.flags.join(', ')})`)
  return [...out, '']
}

/** The acceptance's three figures on one line, for `npm run eval`. */
export function queueLine(pages: readonly JudgedPage[]): string {
  const bad = pages.filter((p) => p.failed.length >= 2)
  const clean = pages.filter((p) => p.failed.length === 0)
  const badOk = bad.filter((p) => p.decision === 'ok').length
  const alarms = clean.filter((p) => p.decision !== 'ok').length
  return (
    `bad pages (≥2 failing tests) rated ok: ${badOk} of ${bad.length}; ` +
    `caught: ${bad.length - badOk} of ${bad.length}; ` +
    `clean pages (0 failing) not ok: ${alarms} of ${clean.length}` +
    (badOk > 0
      ? ` (rated ok: ${bad
          .filter((p) => p.decision === 'ok')
          .map((p) => p.name)
          .join(', ')})`
      : '')
  )
}

const share = (n: number, of: number): string =>
  of === 0 ? '-' : `${((100 * n) / of).toFixed(0)}%`

async function corpusPages(only: string | undefined): Promise<JudgedPage[]> {
  const tests = loadBenchTests(corpus).filter(
    (t) => isPlainTextTest(t) && (!only || t.pdf.includes(only))
  )
  const byPage = new Map<string, BenchTest[]>()
  for (const t of tests) {
    const key = `${t.pdf}\t${t.page}`
    byPage.set(key, [...(byPage.get(key) ?? []), t])
  }
  return pool(
    [...byPage].map(([key, ts]) => async () => {
      const [pdf = '', page = '1'] = key.split('\t')
      return judgePage(join(corpus, 'pdf', pdf), Number(page), `${pdf} p${page}`, ts)
    }),
    2
  )
}

async function generatedPages(pages: readonly GeneratedPage[]): Promise<JudgedPage[]> {
  const dir = mkdtempSync(join(tmpdir(), 'recto-eval-queue-'))
  try {
    return await pool(
      pages.map((g) => async () => {
        const pdf = join(dir, `${g.name}.pdf`)
        writeFileSync(pdf, g.bytes)
        return judgePage(pdf, 1, g.name, g.tests)
      }),
      2
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Every corpus page's decision, keyed `file pN`. */
async function corpusDecisions(only: string | undefined): Promise<Map<string, Checked>> {
  const pdfs = readdirSync(join(corpus, 'pdf')).filter(
    (f) => f.endsWith('.pdf') && (!only || f.includes(only))
  )
  const decided = new Map<string, Checked>()
  const results = await pool(
    pdfs.map((pdf) => async () => {
      try {
        return [pdf, await checkPdf(join(corpus, 'pdf', pdf))] as const
      } catch {
        // A file Recto cannot open (encrypted, damaged) has no pages to decide.
        return [pdf, []] as const
      }
    }),
    2
  )
  for (const [pdf, pages] of results) {
    for (const p of pages) decided.set(`${pdf} p${p.page}`, p)
  }
  return decided
}

function splitReport(decided: ReadonlyMap<string, Checked>, against?: string): string[] {
  const count = (d: string) => [...decided.values()].filter((p) => p.decision === d).length
  const out = [
    '## Decisions over the corpus',
    '',
    `${decided.size} pages: ${count('ok')} ok, ${count('review')} review, ${count('ocr')} ocr`
  ]
  if (against) {
    const before = JSON.parse(readFileSync(against, 'utf8')) as Record<string, string>
    const moved = [...decided].filter(([key, p]) => before[key] !== p.decision)
    out.push('', `Moved since ${against}: ${moved.length}`)
    for (const [key, p] of moved) {
      const why = p.flags
        .filter((f) => f.severity !== 'info')
        .map((f) => `${f.code}: ${clip(f.message, 160)}`)
      out.push(`- ${key}: ${before[key] ?? 'absent'} → ${p.decision} (${why.join('; ')})`)
    }
  }
  return [...out, '']
}

async function main(): Promise<void> {
  const arg = (name: string): string | undefined => {
    const at = process.argv.indexOf(name)
    return at >= 0 ? process.argv[at + 1] : undefined
  }
  const only = arg('--only')
  if (process.argv.includes('--gutters')) {
    const swept = queueReport('Columns set close', await generatedPages(gutterSweepPages()))
    process.stdout.write(swept.join('\n') + '\n')
    return
  }
  const generatedOnly = process.argv.includes('--generated')
  if (!generatedOnly) {
    const out = queueReport('Corpus pages with olmOCR-bench tests', await corpusPages(only))
    process.stdout.write(out.join('\n') + '\n')
  }
  if (!only) {
    const generated = queueReport(
      'Generated bad pages',
      await generatedPages(generatedQueuePages())
    )
    process.stdout.write(generated.join('\n') + '\n')
  }
  if (generatedOnly || process.argv.includes('--no-split')) return
  const decided = await corpusDecisions(only)
  const save = arg('--save')
  if (save) {
    writeFileSync(
      save,
      JSON.stringify(Object.fromEntries([...decided].map(([k, p]) => [k, p.decision])), null, 1)
    )
  }
  process.stdout.write(splitReport(decided, arg('--against')).join('\n') + '\n')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`eval-queue: ${messageOf(err)}\n`)
    process.exit(1)
  })
}
