/**
 * Page-open latency as the review screen sees it: `pages.get` (layout, order, roles, flags,
 * review state) then `pages.image` (the MuPDF rendering), both through the API dispatcher and
 * serialised to JSON as a transport would. Prints p50/p95 over the corpus pages.
 *
 *   npx tsx scripts/page-open-latency.ts [--db <file>] [--scale 2] [--limit 300] [--json]
 *     [--during <folder>]
 *
 * Without --db it ingests the corpus (../shared/corpus/pdf) into a temporary project first.
 * With --during, the same backend ingests that folder while the pages are opened, as when a
 * reviewer starts before an ingest ends; only the opens that end while it runs are counted.
 * With --json the last line is the percentiles as JSON, for `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { createBackend } from '../src-main/api/backend.js'
import type { JobSnapshot, Output, RpcResult } from '../src-main/shared/contract.js'

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    // A 1.5x zoom on a 2x screen is about what a reviewer asks for first.
    scale: { type: 'string', default: '2' },
    limit: { type: 'string', default: '300' },
    json: { type: 'boolean', default: false },
    during: { type: 'string' }
  }
})
const scale = Number(values.scale)
const limit = Number(values.limit)
const corpus = fileURLToPath(new URL('../../shared/corpus/pdf/', import.meta.url))

const temp = values.db ? null : mkdtempSync(join(tmpdir(), 'recto-latency-'))
const dbFile = values.db ? resolve(values.db) : join(temp!, 'corpus.sqlite')
let finished: () => void = () => {}
const ingested = new Promise<void>((done) => (finished = done))
let extracting: (() => void) | undefined
let ingesting = false
const backend = createBackend({
  dbFile,
  emit: (name, payload) => {
    const job = payload as JobSnapshot
    if (name === 'job.finished') {
      ingesting = false
      finished()
      // A folder already ingested never gets as far as extracting.
      extracting?.()
    } else if (name === 'job.progress' && job.pages.total > 0) extracting?.()
  }
})

function unwrap<T>(result: RpcResult<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value as T
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? NaN
}

function percentiles(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b)
  const p50 = percentile(sorted, 50).toFixed(1)
  const p95 = percentile(sorted, 95).toFixed(1)
  const max = (sorted.at(-1) ?? NaN).toFixed(1)
  return `${label.padEnd(22)} p50 ${p50.padStart(7)} ms   p95 ${p95.padStart(7)} ms   max ${max.padStart(7)} ms`
}

try {
  if (!values.db) {
    const started = Date.now()
    unwrap(await backend.dispatch('documents.add', { paths: [corpus] }))
    await ingested
    process.stderr.write(`ingested the corpus in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  }
  const pages: { documentId: number; pageNo: number }[] = []
  let after: Output<'pages.queue'>['next'] | undefined
  do {
    const batch = unwrap<Output<'pages.queue'>>(
      await backend.dispatch('pages.queue', { limit: 500, ...(after ? { after } : {}) })
    )
    pages.push(...batch.items.map((i) => ({ documentId: i.documentId, pageNo: i.pageNo })))
    after = batch.next
  } while (after)
  // Evenly spread over the queue when there are more pages than the limit.
  const step = Math.max(1, pages.length / limit)
  const sample = Array.from({ length: Math.min(limit, pages.length) }, (_, i) => {
    return pages[Math.floor(i * step)]!
  })

  if (values.during) {
    // From the moment the workers have opened a file, they compete for the cores.
    const busy = new Promise<void>((started) => (extracting = started))
    ingesting = true
    unwrap(await backend.dispatch('documents.add', { paths: [resolve(values.during)] }))
    await busy
  }

  const slowest: { ms: number; page: string }[] = []
  const get: number[] = []
  const image: number[] = []
  const total: number[] = []
  let blocks = 0
  let failed = 0
  for (const page of sample) {
    const t0 = performance.now()
    const detail = await backend.dispatch('pages.get', page)
    JSON.stringify(detail)
    const t1 = performance.now()
    const png = await backend.dispatch('pages.image', { ...page, scale })
    JSON.stringify(png)
    const t2 = performance.now()
    if (values.during && !ingesting) break
    if (!detail.ok || !png.ok) {
      failed++
      continue
    }
    const shown = detail.value as Output<'pages.get'>
    blocks = Math.max(blocks, shown.layout.blocks.length)
    slowest.push({ ms: t2 - t0, page: `${shown.documentName} p${shown.pageNo}` })
    get.push(t1 - t0)
    image.push(t2 - t1)
    total.push(t2 - t0)
  }
  if (values.during && total.length === 0) {
    throw new Error(`--during: ${values.during} was ingested before a page opened (nothing new?)`)
  }
  process.stdout.write(
    [
      `${total.length} pages of ${pages.length} (${failed} failed), image scale ${scale}, most blocks on a page: ${blocks}` +
        (values.during ? `, opened while the backend ingested ${values.during}` : ''),
      summary('layout + flags', get),
      summary('image', image),
      summary('page open (both)', total),
      'slowest: ' +
        slowest
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map((s) => `${s.page} ${s.ms.toFixed(0)} ms`)
          .join(', '),
      ''
    ].join('\n')
  )
  if (values.json) {
    const json = { pages: total.length, failed, get: percentiles(get), image: percentiles(image) }
    process.stdout.write(JSON.stringify({ ...json, open: percentiles(total) }) + '\n')
  }
} finally {
  await backend.close()
  if (temp) rmSync(temp, { recursive: true, force: true })
}
