// Two workers against one, with what the machine itself gives beside it, in alternated rounds:
// `recto ingest --workers 1` and `--workers 2` of this checkout (and of another, with --compare),
// one bare mupdf.js loop alone and two at once (parallelLoops). On a shared machine the ingest's
// ratio moves with the load; the loops' ratio, measured in the same round, is the most the load
// leaves to any schedule, so the ingest's ratio over it is what the ingest itself loses.
//   node scripts/bench/worker-scaling.js <folder> [--rounds 3] [--compare <checkout>]
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { mupdfLoop, parallelLoops, rectoIngest } from './processes.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, compare: { type: 'string' } }
})
const folder = resolve(positionals[0])
const compare = values.compare === undefined ? undefined : resolve(values.compare)
const dir = mkdtempSync(join(tmpdir(), 'recto-scaling-'))
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]

const checkouts = [['this', undefined], ...(compare ? [['other', compare]] : [])]
const rows = []
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    const load = loadavg()[0]
    const loop = mupdfLoop(folder).seconds
    const loops = (await parallelLoops(folder, 2)).seconds
    const row = { round, load, machine: (2 * loop) / loops }
    // The checkouts take turns first, so neither always runs right after the loops.
    const order = round % 2 === 0 ? checkouts : [...checkouts].reverse()
    for (const [name, checkout] of order) {
      const one = rectoIngest([folder], join(dir, `${name}-1.sqlite`), 1, checkout).seconds
      const two = rectoIngest([folder], join(dir, `${name}-2.sqlite`), 2, checkout).seconds
      row[name] = { one, two, ratio: one / two }
    }
    rows.push(row)
    const cell = (name) =>
      row[name]
        ? `${name} 1 worker ${row[name].one.toFixed(2)} s, 2 workers ${row[name].two.toFixed(2)} s, ` +
          `${row[name].ratio.toFixed(2)}x (${(row[name].ratio / row.machine).toFixed(2)} of the machine's)`
        : ''
    console.log(
      `round ${round + 1}, load ${load.toFixed(1)}: two loops at once ${row.machine.toFixed(2)}x one; ` +
        checkouts.map(([name]) => cell(name)).join('; ')
    )
  }
  const m = median(rows.map((r) => r.machine))
  for (const [name] of checkouts) {
    const ratio = median(rows.map((r) => r[name].ratio))
    const share = median(rows.map((r) => r[name].ratio / r.machine))
    console.log(
      `median: ${name} 2 workers vs 1 ${ratio.toFixed(2)}x, the machine's ${m.toFixed(2)}x, ` +
        `each round's ratio over the machine's ${share.toFixed(2)}`
    )
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
