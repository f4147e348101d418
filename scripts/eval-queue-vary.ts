/**
 * `tsx scripts/eval-queue-vary.ts --vary N --seed S`: whether the layout fixes hold on pages
 * never seen. N pages of the layout kinds the hidden set caught Recto out with (three-column
 * booklets with side boxes and run-in headings, tri-fold leaflets, text boxes at several
 * rotations) are drawn from seed S (test/helpers/varied-layouts.ts), their olmOCR-style tests
 * made from the text they were drawn with, as eval-queue-pages.ts makes them, and judged as
 * eval-queue.ts judges a page: Recto's text (`recto text`) through the tests, beside its decision
 * (`recto check --json`). Per kind it prints the pages, the tests passed, the pages whose text
 * fails two or more tests and how many of those are rated `ok` (the worst bug: nobody looks at
 * them), and the clean pages (no test failing) not rated `ok`; then every bad page with its make
 * and failing tests. `--leaflets` draws N full leaflets instead (test/helpers/varied-leaflets.ts,
 * pages S×1000 on, a set apart from the kinds above), `--printed` N printed leaflets (addresses,
 * numbered lists, quotations, a narrower fold-in panel). `--keep DIR` leaves the PDFs there. Run
 * `npm run build:main` first: the CLI reads out/. A measuring tool: it exits 0 whatever the
 * figures say.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pool } from './eval-extractors.js'
import { judgePage, type JudgedPage } from './eval-queue.js'
import { paragraphTests, presentTests } from './eval-queue-pages.js'
import { messageOf } from '../src-main/shared/error-message.js'
import { drawnPdf } from '../test/helpers/drawn-pdf.js'
import { VARIED_KINDS, variedPages, type VariedPage } from '../test/helpers/varied-layouts.js'
import { variedLeaflet, variedPrintedLeaflet } from '../test/helpers/varied-leaflets.js'

const nameOf = (p: VariedPage): string => `${p.kind} ${p.seed}`

/** One line per kind and one for all, as issue 37's acceptance counts pages. */
export function kindTable(
  pages: readonly VariedPage[],
  judgedPages: readonly JudgedPage[]
): string[] {
  const rows = [
    '| kind | pages | tests passed | bad (≥2 failing) | bad rated ok | clean | clean not ok |'
  ]
  rows.push('|---|---|---|---|---|---|---|')
  for (const kind of [...VARIED_KINDS, 'all'] as const) {
    const of = judgedPages.filter((_, i) => kind === 'all' || pages[i]!.kind === kind)
    const tests = of.reduce((n, p) => n + p.tests, 0)
    const passed = tests - of.reduce((n, p) => n + p.failed.length, 0)
    const bad = of.filter((p) => p.failed.length >= 2)
    const clean = of.filter((p) => p.failed.length === 0)
    rows.push(
      `| ${kind} | ${of.length} | ${passed} of ${tests} | ${bad.length} | ` +
        `${bad.filter((p) => p.decision === 'ok').length} | ${clean.length} | ` +
        `${clean.filter((p) => p.decision !== 'ok').length} |`
    )
  }
  return rows
}

function failures(pages: readonly VariedPage[], judgedPages: readonly JudgedPage[]): string[] {
  const out: string[] = []
  judgedPages.forEach((p, i) => {
    if (p.failed.length < 2 && !(p.failed.length === 0 && p.decision !== 'ok')) return
    out.push(
      `- ${p.name} (${p.decision}; ${p.flags.join(', ') || 'no warning'}): ${pages[i]!.make}`,
      ...p.failed.map((t) =>
        t.type === 'order'
          ? `  - order "${t.before}" before "${t.after}"`
          : `  - ${t.type} "${(t.text ?? '').slice(0, 60)}…"`
      )
    )
  })
  return out
}

async function main(): Promise<void> {
  const arg = (name: string): string | undefined => {
    const at = process.argv.indexOf(name)
    return at >= 0 ? process.argv[at + 1] : undefined
  }
  const count = Number(arg('--vary') ?? 60)
  const seed = Number(arg('--seed') ?? 1)
  const keep = arg('--keep')
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'recto-eval-vary-'))
  mkdirSync(dir, { recursive: true })
  const leaflets = process.argv.includes('--printed')
    ? variedPrintedLeaflet
    : process.argv.includes('--leaflets')
      ? variedLeaflet
      : undefined
  const pages = leaflets
    ? Array.from({ length: count }, (_, i) => leaflets(seed * 1000 + i))
    : variedPages(count, seed)
  try {
    const judgedPages = await pool(
      pages.map((p) => async () => {
        const name = nameOf(p)
        const pdf = join(dir, `${name.replace(' ', '-')}.pdf`)
        writeFileSync(pdf, drawnPdf([p.page], p.family))
        const tests = [
          ...paragraphTests(name, p.paragraphs),
          ...presentTests(`${name} box`, p.boxes)
        ]
        return judgePage(pdf, 1, name, tests)
      }),
      2
    )
    const out = [
      `## ${count} varied pages, seed ${seed}`,
      '',
      ...kindTable(pages, judgedPages),
      '',
      'Bad pages and clean pages not ok:',
      ...failures(pages, judgedPages)
    ]
    process.stdout.write(out.join('\n') + '\n')
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`eval-queue-vary: ${messageOf(err)}\n`)
    process.exit(1)
  })
}
