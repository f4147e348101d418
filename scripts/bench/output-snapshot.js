// What a user sees of every file, written to a folder so that two builds can be compared byte
// for byte (`diff -r`): stdout, stderr and exit code of `recto text` and `recto check --json`.
//   node scripts/bench/output-snapshot.js <out folder> [<folder of PDFs>] [--checkout <dir>]
// A speed change must leave every one of these files the same.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { checkout: { type: 'string' } }
})
const out = resolve(positionals[0])
const folder = resolve(positionals[1] ?? join(repo, '..', 'shared', 'corpus', 'pdf'))
const checkout = resolve(values.checkout ?? repo)
const commands = [
  ['text', ['text']],
  ['check', ['check', '--json']]
]
mkdirSync(out, { recursive: true })
const files = readdirSync(folder)
  .filter((name) => name.toLowerCase().endsWith('.pdf'))
  .sort()
for (const name of files) {
  for (const [label, args] of commands) {
    const run = spawnSync('node', [join(checkout, 'bin/recto.js'), ...args, join(folder, name)], {
      encoding: 'buffer',
      maxBuffer: 1 << 30
    })
    const stem = join(out, `${basename(name)}.${label}`)
    writeFileSync(`${stem}.stdout`, run.stdout)
    writeFileSync(`${stem}.stderr`, run.stderr)
    writeFileSync(`${stem}.status`, `${run.status}\n`)
  }
}
console.log(`${files.length} files, ${files.length * commands.length} commands, written to ${out}`)
