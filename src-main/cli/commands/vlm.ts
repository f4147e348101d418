import { parseArgs } from 'node:util'
import { projectLocation } from '../../store/location.js'
import { plural } from '../../shared/plural.js'
import { vlmSpent } from '../../store/vlm-usage.js'
import { UsageError, type Command } from '../command.js'
import { openProjectForWriting } from '../open-project.js'
import { VLM_OPTIONS, vlmChoice } from '../vlm-options.js'
import { money, sendingLine } from '../vlm-lines.js'
import { vlmRun } from '../../vlm/run.js'
import { pagesToVlm, vlmStoredPages } from '../../vlm/stored-stage.js'

async function runVlm(args: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: { db: { type: 'string' }, document: { type: 'string' }, ...VLM_OPTIONS }
  })
  if (positionals.length > 0) throw new UsageError('vlm takes no file: the pages come from --db')
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('vlm needs --db <file> (or RECTO_DB)')
  const choice = vlmChoice({ ...values, vlm: true })!
  const run = await vlmRun(choice)
  if (typeof run === 'string') {
    process.stderr.write(`recto: ${run.replace(/^--vlm: /u, '')}\n`)
    return 1
  }
  const db = openProjectForWriting(location)
  if (!db) return 1
  try {
    let documentId: number | undefined
    if (values.document !== undefined) {
      const ids = db
        .prepare('SELECT id FROM documents WHERE name = ?')
        .pluck()
        .all(values.document) as number[]
      if (ids.length !== 1) {
        process.stderr.write(
          `recto: ${ids.length === 0 ? 'no document' : `${ids.length} documents`} named ${values.document}\n`
        )
        return 1
      }
      documentId = ids[0]!
    }
    const pages = pagesToVlm(db, run.config, documentId === undefined ? {} : { documentId })
    if (pages.length === 0) {
      process.stdout.write('no page needs the vision model\n')
      return 0
    }
    process.stderr.write(sendingLine(run, pages.length))
    const names = new Map<number, string>()
    const nameOf = (id: number) => {
      if (!names.has(id)) {
        names.set(id, String(db.prepare('SELECT name FROM documents WHERE id = ?').pluck().get(id)))
      }
      return names.get(id)!
    }
    let failed = 0
    const stop = new AbortController()
    const interrupt = () => stop.abort()
    process.once('SIGINT', interrupt)
    const id = await vlmStoredPages(db, pages, { ...run, signal: stop.signal }, (outcome) => {
      if (outcome.kind === 'read') return
      if (outcome.kind === 'failed') failed++
      process.stderr.write(
        `recto: ${nameOf(outcome.documentId)}: page ${outcome.page}: vision model: ${outcome.why}\n`
      )
    }).finally(() => process.off('SIGINT', interrupt))
    for (const spent of vlmSpent(db, id)) {
      process.stdout.write(
        `vision model ${run.config.model}: ${plural(spent.read, 'page')} read of ${plural(pages.length, 'page')} routed, ` +
          `${spent.inputTokens} input and ${spent.outputTokens} output tokens, ${money(spent.cost, spent.currency)}\n`
      )
    }
    if (vlmSpent(db, id).length === 0) {
      process.stdout.write(
        `vision model ${run.config.model}: 0 pages read of ${plural(pages.length, 'page')} routed\n`
      )
    }
    return failed > 0 ? 1 : 0
  } finally {
    db.close()
  }
}

export const vlmCommand: Command = {
  name: 'vlm',
  run: runVlm
}
