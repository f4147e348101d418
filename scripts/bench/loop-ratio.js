// The ingest's CPU a page over the bare mupdf.js loop's, alone: the ratio issue 41 targets,
// without the rest of the bench (PyMuPDF, the workers' curve, verification on and off).
//   node scripts/bench/loop-ratio.js [<folder of PDFs>] [--rounds 5] [--other <checkout>]
// Every round runs the loop, then `recto ingest --workers 1` of this checkout (and of the other,
// when given) in turn, the order rotating from round to round, so that the load of a shared
// machine falls on all of them alike; medians of CPU (all threads), not wall.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { mupdfLoop, rectoIngest } from './processes.js'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '5' }, other: { type: 'string' } }
})
const folder = resolve(positionals[0] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const rounds = Number(values.rounds)
const dir = mkdtempSync(join(tmpdir(), 'recto-loop-ratio-'))

const runs = [
  { name: 'bare loop', run: () => mupdfLoop(folder) },
  { name: 'recto ingest --workers 1', run: () => rectoIngest([folder], join(dir, 'this.db'), 1) }
]
if (values.other !== undefined) {
  const other = resolve(values.other)
  runs.push({
    name: 'other ingest --workers 1',
    run: () => rectoIngest([folder], join(dir, 'other.db'), 1, other)
  })
}
const pages = mupdfLoop(folder).pages
const cpu = runs.map(() => [])
for (let round = 0; round < rounds; round++) {
  for (let turn = 0; turn < runs.length; turn++) {
    const which = (round + turn) % runs.length
    cpu[which].push(runs[which].run().cpuMs / pages)
  }
}
rmSync(dir, { recursive: true, force: true })

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
const loop = median(cpu[0])
console.log(`${pages} pages, ${rounds} alternated rounds, CPU ms a page (median; every round)`)
for (const [i, { name }] of runs.entries()) {
  const each = cpu[i].map((ms) => ms.toFixed(2)).join(' ')
  const ratio = i === 0 ? '' : `  ${(median(cpu[i]) / loop).toFixed(2)}x the loop`
  console.log(`${name.padEnd(26)}${median(cpu[i]).toFixed(2).padStart(7)}${ratio}  (${each})`)
}
