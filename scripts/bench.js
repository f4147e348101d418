// Ingest throughput against bare MuPDF, measured in one run on the same pages:
//   npm run bench [-- <folder of PDFs>]        (default: ../shared/corpus/pdf)
// Runs the ingest behind `recto ingest` (same code, in this process so its CPU time, worker
// threads included, can be read) with 1 and with 2 workers into fresh databases, then a second
// ingest of the same folder, and prints pages/s and the ratios to a single-thread loop of
// MuPDF's toStructuredText over the same pages (the floor of any extraction). Wall-clock rates
// move with whatever else the machine runs; CPU per page does not, so both are shown, and
// "cores" (CPU time over wall time) says how much of the machine a run actually got. The
// baseline is timed before and after the ingests and averaged.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mupdf } from '../out/src-main/extract/mupdf.js'
import { STEXT_OPTIONS } from '../out/src-main/extract/page.js'
import { closePdf, openPdf } from '../out/src-main/extract/open.js'
import { extractPage } from '../out/src-main/extract/page.js'
import { rawText } from '../out/src-main/extract/raw-text.js'
import { ingest } from '../out/src-main/jobs/ingest.js'
import { analyzePage } from '../out/src-main/pipeline/analyze-page.js'
import { documentStats } from '../out/src-main/pipeline/document-stats.js'
import { pageDigest } from '../out/src-main/pipeline/page-digest.js'
import { encodeLayout } from '../out/src-main/store/layout-codec.js'
import { countDocumentsByStatus, listDocuments } from '../out/src-main/store/documents.js'
import { countFlags } from '../out/src-main/store/flags.js'
import { openDatabase, openDatabaseReadOnly } from '../out/src-main/store/open.js'
import { countQueue } from '../out/src-main/store/pages.js'

const repo = fileURLToPath(new URL('..', import.meta.url))
const folder = resolve(process.argv[2] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const files = readdirSync(folder)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => join(folder, name))

function cpuSeconds() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** Opens, loads every page and builds its structured text; nothing else. */
function bareMupdf() {
  let pages = 0
  const started = performance.now()
  const cpu = cpuSeconds()
  for (const file of files) {
    let doc
    try {
      doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf')
      if (doc.needsPassword() && doc.authenticatePassword('') === 0) continue
      const count = doc.countPages()
      for (let i = 0; i < count; i++) {
        const page = doc.loadPage(i)
        page.toStructuredText(STEXT_OPTIONS).destroy()
        page.destroy()
        pages++
      }
    } catch {
      // A file MuPDF cannot read is skipped here and recorded as an error by the ingest.
    } finally {
      doc?.destroy()
    }
  }
  return { pages, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu }
}

/**
 * Recto's engine on one thread with no database, pool or worker: extraction, digest, encoding and
 * analysis of every page (the analysis with the document's statistics, as the ingest does). The
 * gap between this and the ingest is what storing and the worker pool cost.
 */
function engineOnly() {
  let pages = 0
  const started = performance.now()
  const cpu = cpuSeconds()
  for (const file of files) {
    let pdf
    try {
      pdf = openPdf(readFileSync(file))
    } catch {
      continue
    }
    const layouts = []
    for (let i = 0; i < pdf.pageCount; i++) {
      const layout = extractPage(pdf, i)
      rawText(layout)
      encodeLayout(layout)
      layouts.push(layout)
    }
    closePdf(pdf)
    const stats = documentStats(layouts.map(pageDigest))
    for (const layout of layouts) analyzePage(layout, stats)
    pages += layouts.length
  }
  return { pages, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu }
}

async function timedIngest(file, workers) {
  const db = openDatabase(file)
  const started = performance.now()
  const cpu = cpuSeconds()
  try {
    const summary = await ingest(db, [folder], { workers })
    return { summary, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpu }
  } finally {
    db.close()
  }
}

function projectCounts(file) {
  const db = openDatabaseReadOnly(file)
  try {
    const byStatus = countDocumentsByStatus(db)
    return {
      documents: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
      done: byStatus.done,
      errors: listDocuments(db, { status: 'error', limit: 1000 }),
      pages: countQueue(db),
      flagged: countQueue(db, { decision: 'review' }) + countQueue(db, { decision: 'ocr' }),
      flags: countFlags(db).reduce((sum, f) => sum + f.pages, 0)
    }
  } finally {
    db.close()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'recto-bench-'))
try {
  bareMupdf() // warm-up: WASM compilation and font loading are not extraction
  const before = bareMupdf()
  const engine = engineOnly()
  const one = await timedIngest(join(dir, 'w1.sqlite'), 1)
  const two = await timedIngest(join(dir, 'w2.sqlite'), 2)
  const again = await timedIngest(join(dir, 'w2.sqlite'), 2)
  const after = bareMupdf()

  const counts = projectCounts(join(dir, 'w2.sqlite'))
  const pages = counts.pages
  const baseline = (before.pages / before.seconds + after.pages / after.seconds) / 2
  const baselineCpu = (before.cpu / before.pages + after.cpu / after.pages) / 2
  const line = (label, run, pagesDone, note) =>
    label.padEnd(40) +
    `${run.seconds.toFixed(2).padStart(7)} s` +
    `${(pagesDone / run.seconds).toFixed(1).padStart(8)} p/s` +
    `${((1000 * run.cpu) / Math.max(pagesDone, 1)).toFixed(2).padStart(8)} ms CPU/page` +
    `${(run.cpu / run.seconds).toFixed(2).padStart(6)} cores  ${note}`
  const ratios = (run) =>
    `${(pages / run.seconds / baseline).toFixed(2)}x bare p/s, ` +
    `${(run.cpu / pages / baselineCpu).toFixed(2)}x bare CPU/page`

  console.log(`corpus: ${folder}`)
  console.log(
    `${files.length} files, ${counts.documents} documents: ${counts.done} ingested, ` +
      `${counts.errors.length} recorded as errors; ${pages} pages, ${counts.flagged} flagged, ` +
      `${counts.flags} flags`
  )
  for (const { name, error } of counts.errors) console.log(`  error: ${name}: ${error}`)
  if (counts.done + counts.errors.length !== files.length || one.summary.pages !== pages) {
    throw new Error('some files were neither ingested nor recorded as errors')
  }
  console.log('')
  console.log(line('bare MuPDF toStructuredText, 1 thread', before, before.pages, '(before)'))
  console.log(line('', after, after.pages, '(after)'))
  console.log(
    line('engine only (no store, no pool), 1 thread', engine, engine.pages, ratios(engine))
  )
  console.log(line('recto ingest --workers 1', one, pages, ratios(one)))
  console.log(line('recto ingest --workers 2', two, pages, ratios(two)))
  console.log(
    'second run (nothing new)'.padEnd(40) +
      `${again.seconds.toFixed(2).padStart(7)} s, ` +
      `${((100 * again.seconds) / two.seconds).toFixed(1)}% of the first run's time, ` +
      `${again.summary.skipped} skipped, ${again.summary.pages} pages extracted`
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
