// CPU cost of each analysis stage and each check, per page, over a folder of PDFs:
//   npx tsx scripts/profile-analysis.ts [<folder of PDFs>] [--rounds N]
// Stages run in the order analyzePage runs them, so work a stage memoises on the layout for later
// stages (page order, block text, char counts) is charged to the first stage that asks for it.
// Every page is analysed `rounds` times on freshly extracted layouts (default 3) and the fastest
// round is kept, which filters out most of what other processes on the machine cost.
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHECKS } from '../src-main/checks/index.js'
import type { CheckInput } from '../src-main/checks/check.js'
import { closePdf, openPdf } from '../src-main/extract/open.js'
import { extractPage } from '../src-main/extract/page.js'
import { rawText } from '../src-main/extract/raw-text.js'
import { readingOrder } from '../src-main/layout/order.js'
import { pageText } from '../src-main/layout/page-text.js'
import { blockRoles } from '../src-main/layout/roles.js'
import { documentStats } from '../src-main/analysis/document-stats.js'
import { pageDigest } from '../src-main/analysis/page-digest.js'
import type { PageLayout } from '../src-main/shared/layout.js'

const args = process.argv.slice(2)
const roundsAt = args.indexOf('--rounds')
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 3
const repo = fileURLToPath(new URL('..', import.meta.url))
const folder = resolve(args[0] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const files = readdirSync(folder)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => join(folder, name))

function stageNames(): string[] {
  return ['extract', 'digest', 'order', 'roles', 'text', 'rawText', ...CHECKS.map((c) => c.name)]
}

/** Milliseconds per stage for one round over every page of every file. */
function round(): { ms: Map<string, number>; pages: number } {
  const ms = new Map(stageNames().map((name) => [name, 0]))
  const add = (name: string, started: number): number => {
    const now = performance.now()
    ms.set(name, (ms.get(name) ?? 0) + now - started)
    return now
  }
  let pages = 0
  for (const path of files) {
    let file
    try {
      file = openPdf(readFileSync(path))
    } catch {
      continue
    }
    const layouts: PageLayout[] = []
    const digests = []
    for (let index = 0; index < file.pageCount; index++) {
      let t = performance.now()
      const layout = extractPage(file, index)
      t = add('extract', t)
      digests.push(pageDigest(layout))
      add('digest', t)
      layouts.push(layout)
    }
    closePdf(file)
    const doc = documentStats(digests)
    for (const layout of layouts) {
      let t = performance.now()
      const order = readingOrder(layout)
      t = add('order', t)
      const roles = blockRoles(layout, doc.running)
      t = add('roles', t)
      const text = pageText(layout, order, roles)
      t = add('text', t)
      const input: CheckInput = { layout, order, roles, text, rawText: rawText(layout), doc }
      t = add('rawText', t)
      for (const check of CHECKS) {
        check(input)
        t = add(check.name, t)
      }
      pages++
    }
  }
  return { ms, pages }
}

const results = Array.from({ length: rounds }, round)
const pages = results[0]?.pages ?? 0
const best = new Map(
  stageNames().map((name) => [name, Math.min(...results.map((r) => r.ms.get(name) ?? 0))])
)
const analysis = [...best].filter(([name]) => name !== 'extract').reduce((s, [, v]) => s + v, 0)
console.log(`${pages} pages, best of ${rounds} rounds, ms per page`)
for (const [name, total] of [...best].sort((a, b) => b[1] - a[1])) {
  console.log(`${name.padEnd(16)} ${(total / pages).toFixed(3).padStart(8)}`)
}
console.log(`${'analysis total'.padEnd(16)} ${(analysis / pages).toFixed(3).padStart(8)}`)
