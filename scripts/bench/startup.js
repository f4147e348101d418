// Start-up as a user meets it: how long `recto --help` and `recto text` of a one-page PDF take
// from the shell, beside Node starting and doing nothing and pdftotext (poppler-utils) on the
// same page, median of `rounds` alternated runs, every number from this run.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const PDFTOTEXT = '/usr/bin/pdftotext'

function seconds(command, args) {
  const started = performance.now()
  const result = spawnSync(command, args, { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'] })
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  }
  return (performance.now() - started) / 1000
}

/** Rows of [label, median seconds], `node -e 0` first; pdftotext left out where not installed. */
export function startupTimes(onePage, rounds) {
  const runs = [
    ['node -e 0', process.execPath, ['-e', '0']],
    ['recto --help', process.execPath, ['bin/recto.js', '--help']],
    ['recto text --help', process.execPath, ['bin/recto.js', 'text', '--help']],
    ['recto text (1-page PDF)', process.execPath, ['bin/recto.js', 'text', onePage]],
    ...(existsSync(PDFTOTEXT) ? [['pdftotext (1-page PDF)', PDFTOTEXT, [onePage, '-']]] : [])
  ]
  const times = runs.map(() => [])
  for (let round = 0; round < rounds; round++) {
    runs.forEach(([, command, args], i) => times[i].push(seconds(command, args)))
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]
  return runs.map(([label], i) => [label, median(times[i])])
}
