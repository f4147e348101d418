// Soak of the review server: `npm run soak -- --minutes N --clients K [--rate R] [--files F]`.
//
// Ingests a few corpus PDFs into a fresh project, starts `recto serve` on it (127.0.0.1 only), and
// has K clients review it for N minutes, each on pages of its own, at about R requests a second:
// page opens (the page and its image), edits of a block's text or of the order, undos of their
// own edits, approvals, gold exports and queue listings. Prints, for each minute, the requests
// served, the errors, the p95 latency and the server's RSS, then whether memory stayed flat: RSS
// at the end within 10% of RSS after the first minute. Exit 1 on any error or growth past that.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { SoakClient, type PageRef } from './soak/client.js'
import { SoakMeter } from './soak/meter.js'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '4' },
    rate: { type: 'string', default: '5' },
    files: { type: 'string', default: '6' }
  }
})
const minutes = Number(values.minutes)
const clients = Number(values.clients)
const rate = Number(values.rate)
const files = Number(values.files)
if (!(minutes > 0) || !(Number.isInteger(clients) && clients > 0) || !(rate > 0) || !(files > 0)) {
  process.stderr.write('usage: npm run soak -- --minutes N --clients K [--rate R] [--files F]\n')
  process.exit(2)
}

const repo = fileURLToPath(new URL('..', import.meta.url))
const corpus = join(repo, '..', 'shared', 'corpus', 'pdf')
const work = mkdtempSync(join(tmpdir(), 'recto-soak-'))
const dbFile = join(work, 'review.sqlite')
const recto = join(repo, 'bin', 'recto.js')

// Small text documents: the soak is of the server, not of the ingest.
const pdfs = readdirSync(corpus)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => join(corpus, name))
  .filter((file) => readFileSync(file).length < 400_000)
  .slice(0, files)
const ingest = spawnSync(process.execPath, [recto, 'ingest', ...pdfs, '--db', dbFile], {
  encoding: 'utf8'
})
if (ingest.status !== 0) {
  process.stderr.write(`soak: the ingest failed: ${ingest.stderr}\n`)
  process.exit(1)
}

const server = spawn(process.execPath, [recto, 'serve', '--db', dbFile], {
  stdio: ['ignore', 'pipe', 'inherit']
})
const url = await new Promise<URL>((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8')
    const match = /serving (http:\/\/127\.0\.0\.1:\d+\/\?token=\w+)/.exec(out)
    if (match) resolve(new URL(match[1]!))
  })
  server.once('exit', (code) => reject(new Error(`recto serve exited (${code}) before serving`)))
})

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024
}

const meter = new SoakMeter(rssMb)
const first = new SoakClient(url, meter, join(work, 'gold-0'))
const { items } = await first.call<{ items: PageRef[] }>('pages.queue', { limit: 500 })
if (items.length < clients) {
  process.stderr.write(`soak: ${items.length} pages for ${clients} clients\n`)
  process.exit(1)
}
process.stderr.write(
  `soak: ${pdfs.length} documents, ${items.length} pages, ${clients} clients at ${rate}/s for ${minutes} min on ${url.host}\n`
)

const started = Date.now()
const deadline = started + minutes * 60_000
const ticker = setInterval(() => meter.minute(), 60_000)
await Promise.all(
  Array.from({ length: clients }, (_, i) => {
    const pages = items
      .filter((_, k) => k % clients === i)
      .map(({ documentId, pageNo }) => ({ documentId, pageNo }))
    return new SoakClient(url, meter, join(work, `gold-${i}`)).run(pages, {
      deadline,
      rate,
      seed: i + 1
    })
  })
)
clearInterval(ticker)
meter.minute()

server.kill('SIGTERM')
await new Promise((done) => server.once('exit', done))
rmSync(work, { recursive: true, force: true })

const report = meter.report()
process.stdout.write(report.table + '\n')
process.stdout.write(report.verdict + '\n')
process.exit(report.ok ? 0 : 1)
