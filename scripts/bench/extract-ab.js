// Extraction of another checkout (built) against this one's, in one process, file by file:
//   node scripts/bench/extract-ab.js <other checkout> [<folder of PDFs>] [--rounds 12]
// Separate runs on a shared machine differ by more than most changes to extraction do (±10%
// between two whole-process runs at a load of 8), so each file is read by every build in turn,
// the order rotating from file to file, and the load of any one second falls on all of them
// alike. The third build is this checkout's own code again, loaded from a copy: what it differs
// from this one by is what the method cannot tell apart (about 3% in 12 rounds at a load of 10).
// Every page's layout is first compared byte for byte (encoded as the store keeps it): a change
// that moves one is not a speed-up, and the script says so before it times anything.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '12' } }
})
if (positionals.length === 0) {
  console.error('usage: node scripts/bench/extract-ab.js <other checkout> [<folder>] [--rounds N]')
  process.exit(2)
}
const other = resolve(positionals[0])
const folder = resolve(positionals[1] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const rounds = Number(values.rounds)

// The copy resolves `mupdf` through this checkout's node_modules, as the original does.
const copy = mkdtempSync(join(tmpdir(), 'recto-extract-ab-'))
cpSync(join(repo, 'out', 'src-main'), join(copy, 'out', 'src-main'), { recursive: true })
cpSync(join(repo, 'package.json'), join(copy, 'package.json'))
symlinkSync(join(repo, 'node_modules'), join(copy, 'node_modules'))

async function build(root) {
  const module = (path) => import(pathToFileURL(join(root, 'out', 'src-main', path)).href)
  return { ...(await module('extract/open.js')), ...(await module('extract/page.js')) }
}

const builds = [
  { name: 'other', ...(await build(other)) },
  { name: 'this', ...(await build(repo)) },
  { name: 'this again', ...(await build(copy)) }
]
const { encodeLayout } = await import('../../out/src-main/store/layout-codec.js')
const { tuneTieringForBatch } = await import('../../out/src-main/jobs/batch-tiering.js')
const { mupdf } = await import('../../out/src-main/extract/mupdf.js')
// As in an ingest worker, so extraction's JIT and colour costs are the ingest's.
tuneTieringForBatch()
mupdf.disableICC()

const files = readdirSync(folder)
  .filter((name) => /\.pdf$/i.test(name))
  .sort()
  .map((name) => ({ name, bytes: readFileSync(join(folder, name)) }))

/** Every page of one file through one build; `onPage` sees each layout. */
function readFile(b, bytes, onPage = () => {}) {
  let file
  try {
    file = b.openPdf(bytes)
  } catch {
    return 0
  }
  for (let index = 0; index < file.pageCount; index++) onPage(b.extractPage(file, index), index)
  b.closePdf(file)
  return file.pageCount
}

let pages = 0
let moved = 0
for (const { name, bytes } of files) {
  const encoded = []
  readFile(builds[0], bytes, (layout, index) => (encoded[index] = encodeLayout(layout)))
  pages += readFile(builds[1], bytes, (layout, index) => {
    if (!encodeLayout(layout).equals(encoded[index])) {
      moved++
      console.log(`layout differs: ${name} page ${index + 1}`)
    }
  })
}
console.log(`${pages} pages, ${moved} layouts differ between the two checkouts`)

const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
const perRound = builds.map(() => [])
for (let round = 0; round < rounds; round++) {
  const spent = builds.map(() => 0)
  files.forEach(({ bytes }, k) => {
    for (let turn = 0; turn < builds.length; turn++) {
      const which = (round + k + turn) % builds.length
      const started = cpuMs()
      readFile(builds[which], bytes)
      spent[which] += cpuMs() - started
    }
  })
  spent.forEach((ms, i) => perRound[i].push(ms / pages))
}
rmSync(copy, { recursive: true, force: true })

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const sum = (xs) => xs.reduce((a, b) => a + b, 0)
function ratio(a, b) {
  const each = perRound[a].map((ms, r) => ms / perRound[b][r])
  const spread = `rounds ${Math.min(...each).toFixed(3)} to ${Math.max(...each).toFixed(3)}`
  return `${(sum(perRound[a]) / sum(perRound[b])).toFixed(3)} (all rounds' CPU; ${spread})`
}
for (const [i, b] of builds.entries()) {
  console.log(
    `${b.name.padEnd(11)} extract CPU ms a page, median ${median(perRound[i]).toFixed(2)}`
  )
}
console.log(`this / other       ${ratio(1, 0)}`)
console.log(`this again / this  ${ratio(2, 1)}, the method's own error`)
