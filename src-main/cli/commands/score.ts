import { stat } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { Candidate } from '../../score/bake-off.js'
import { MUPDF_RAW, RECTO } from '../../score/candidate-names.js'
import { bakeOffMarkdown } from '../../score/report.js'
import { scoreGoldFolder } from '../../score/run-score.js'
import { UsageError, type Command } from '../command.js'
import { openProject } from '../open-project.js'

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

async function parseCandidates(specs: readonly string[]): Promise<Candidate[]> {
  const candidates: Candidate[] = []
  for (const spec of specs) {
    const eq = spec.indexOf('=')
    const name = spec.slice(0, eq)
    const dir = spec.slice(eq + 1)
    if (eq < 1 || dir === '') throw new UsageError(`--candidate wants NAME=DIR, not '${spec}'`)
    if (name === RECTO || name === MUPDF_RAW || candidates.some((c) => c.name === name)) {
      throw new UsageError(`--candidate: the name '${name}' is taken`)
    }
    if (!(await isDirectory(dir))) throw new UsageError(`${dir}: not a directory`)
    candidates.push({ name, dir })
  }
  return candidates
}

async function runScore(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      gold: { type: 'string' },
      db: { type: 'string' },
      candidate: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false }
    },
    strict: true,
    allowPositionals: false
  })
  if (values.gold === undefined) throw new UsageError('score needs --gold <dir>')
  if (!(await isDirectory(values.gold))) throw new UsageError(`${values.gold}: not a directory`)
  const candidates = await parseCandidates(values.candidate)
  const db = values.db === undefined ? null : openProject(values.db)
  if (values.db !== undefined && !db) return 1
  try {
    const result = await scoreGoldFolder(values.gold, db, candidates)
    for (const s of result.skipped) process.stderr.write(`recto: ${s.entry}.pdf: ${s.reason}\n`)
    for (const f of result.withoutText) process.stderr.write(`recto: ${f}: no .txt beside it\n`)
    process.stdout.write(
      values.json ? JSON.stringify(result, null, 2) + '\n' : bakeOffMarkdown(result)
    )
    return 0
  } finally {
    db?.close()
  }
}

export const scoreCommand: Command = {
  name: 'score',
  run: runScore
}
