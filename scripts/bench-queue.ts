// How the review queue behaves at scale: builds a project of N synthetic pages (default one
// million, about ten minutes and 1 GB) through the store's own functions, then times the first
// and the next screenful of the queue and its count for each kind of filter.
//   npx tsx scripts/bench-queue.ts [pages] [file] [--json]
// With --json the last line holds the slowest first screen, next screen and count, for
// `npm run bench`.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDocument } from '../src-main/store/documents.js'
import { countFlags } from '../src-main/store/flags.js'
import { openDatabase } from '../src-main/store/open.js'
import { countQueue, listQueue, savePage, type QueueFilter } from '../src-main/store/pages.js'
import {
  flag,
  storedPage,
  syntheticAnalysis,
  syntheticLayout
} from '../test/helpers/store-pages.js'

const json = process.argv.includes('--json')
const args = process.argv.slice(2).filter((a) => a !== '--json')
const pages = Number(args[0] ?? 1_000_000)
const file = args[1] ?? join(tmpdir(), 'recto-queue-bench.sqlite')
const PER_DOCUMENT = 1000
/** Flag, severity, and the share of pages that carry it (roughly the corpus's). */
const FLAGS = [
  ['header_footer', 'info', 0.4],
  ['ligatures', 'info', 0.3],
  ['low_text', 'warn', 0.05],
  ['unmapped_glyphs', 'warn', 0.02],
  ['needs_ocr', 'error', 0.01]
] as const

for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
const db = openDatabase(file)
let seed = 1
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648

const started = performance.now()
for (let d = 0; d * PER_DOCUMENT < pages; d++) {
  const name = `doc-${d}.pdf`
  const id = addDocument(db, { sha256: `sha-${d}`, path: `/${name}`, name, bytes: 1 }).document.id
  db.transaction(() => {
    for (let page = 1; page <= Math.min(PER_DOCUMENT, pages - d * PER_DOCUMENT); page++) {
      const layout = syntheticLayout(page, ['A heading', 'Some body text of the page'])
      const flags = FLAGS.filter(([, , share]) => random() < share).map(([code, severity]) =>
        flag(code, severity)
      )
      const analysis = syntheticAnalysis(layout, flags, Math.round(random() * 100) / 100)
      savePage(db, id, storedPage(layout, analysis, 'x'))
    }
  })()
}
db.pragma('optimize')
console.log(`${pages} pages stored in ${((performance.now() - started) / 1000).toFixed(0)} s`)

const slowest = { first: 0, next: 0, count: 0 }

function time<T>(label: string, run: () => T, kind?: keyof typeof slowest): T {
  const t = performance.now()
  const result = run()
  const ms = performance.now() - t
  if (kind) slowest[kind] = Math.max(slowest[kind], ms)
  console.log(`${label.padEnd(56)} ${ms.toFixed(2).padStart(8)} ms`)
  return result
}

const filters: QueueFilter[] = [
  {},
  { status: 'unreviewed' },
  { decision: 'review' },
  { decision: 'review', status: 'unreviewed' },
  { flag: 'needs_ocr' },
  { flag: 'low_text', status: 'unreviewed' },
  { documentId: Math.ceil(pages / PER_DOCUMENT / 2) }
]
for (const filter of filters) {
  const label = JSON.stringify(filter)
  const first = time(`${label} first 50`, () => listQueue(db, filter, { limit: 50 }), 'first')
  if (first.next) {
    time(`${label} next 50`, () => listQueue(db, filter, { after: first.next! }), 'next')
  }
  time(`${label} count`, () => countQueue(db, filter), 'count')
}
time('pages per flag', () => countFlags(db), 'count')
db.close()
if (json) console.log(JSON.stringify({ pages, ...slowest }))
