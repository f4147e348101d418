// Self time of a V8 CPU profile (`node --cpu-prof`), summed by function and by file, with
// Recto's own code (out/src-main/) told apart from MuPDF's WASM, GC and the rest:
//   node scripts/bench/profile-self.js <file.cpuprofile> [--top 30]
// Samples are wall time: a thread waiting for a core is charged to whatever it ran last, so
// shares say more than milliseconds on a shared machine.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } }
})
if (positionals.length === 0) {
  console.error('usage: node scripts/bench/profile-self.js <file.cpuprofile> [--top N]')
  process.exit(2)
}
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'))
const top = Number(values.top)

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const hits = new Map()
profile.samples.forEach((id, i) => {
  hits.set(id, (hits.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
})
const total = [...hits.values()].reduce((a, b) => a + b, 0)

const OWN = /\/out\/src-main\/(.*)$/
/** Where a frame's time belongs: Recto's folder, MuPDF's WASM, or V8's and Node's own. */
function kind({ url, functionName }) {
  const own = OWN.exec(url)
  if (own !== null) return `recto ${own[1].split('/')[0]}/`
  if (url.startsWith('wasm://') || /^\$?func\d|wasm-function/.test(functionName)) {
    return 'mupdf wasm'
  }
  if (url.includes('/node_modules/mupdf/')) return 'mupdf.js glue'
  if (functionName === '(garbage collector)') return 'GC'
  if (functionName === '(idle)' || functionName === '(program)') return 'idle, program'
  if (url === '') return 'native, builtins'
  return 'node and other modules'
}

const byFunction = new Map()
const byFile = new Map()
const byKind = new Map()
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us)
for (const [id, us] of hits) {
  const { callFrame } = byId.get(id)
  const own = OWN.exec(callFrame.url)
  const where = own === null ? callFrame.url.split('/').slice(-2).join('/') : own[1]
  add(
    byFunction,
    `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`,
    us
  )
  if (own !== null) add(byFile, own[1], us)
  add(byKind, kind(callFrame), us)
}

// Inclusive time: a sample counts once for every distinct function of Recto's on its stack.
const parent = new Map()
for (const node of profile.nodes) {
  for (const child of node.children ?? []) parent.set(child, node.id)
}
const inclusive = new Map()
for (const [id, us] of hits) {
  const seen = new Set()
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { callFrame } = byId.get(at)
    const own = OWN.exec(callFrame.url)
    if (own !== null) seen.add(`${callFrame.functionName || '(anonymous)'} ${own[1]}`)
  }
  for (const key of seen) add(inclusive, key, us)
}

const share = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`
const list = (title, map, n) => {
  console.log(`\n${title}`)
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${share(us)} ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)
  }
}
console.log(`${(total / 1e6).toFixed(2)} s sampled`)
list('by kind', byKind, 40)
list('Recto files', byFile, top)
list('functions, self', byFunction, top)
list(`Recto's functions, inclusive`, inclusive, top)
