import { parseArgs } from 'node:util'
import type { PageKey } from '../../store/claims.js'
import type { ReadableDB } from '../../store/db.js'
import { requireDoubleKeying, sampleForDoubleKeying } from '../../store/keyings.js'
import { projectLocation } from '../../store/location.js'
import { UsageError, type Command } from '../command.js'
import { openProjectForWriting } from '../open-project.js'
import { parsePages } from '../page-list.js'
import { plural } from '../../shared/plural.js'

/** The pages of the document named `name` (all of them, or those of `pages`). */
function documentPages(db: ReadableDB, name: string, pages: string | undefined): PageKey[] {
  const ids = db.prepare('SELECT id FROM documents WHERE name = ?').pluck().all(name) as number[]
  if (ids.length !== 1) {
    throw new UsageError(
      ids.length === 0 ? `no document named ${name}` : `${ids.length} documents are named ${name}`
    )
  }
  const documentId = ids[0]!
  const numbers =
    pages === undefined
      ? (db
          .prepare('SELECT page_no FROM pages WHERE document_id = ? ORDER BY page_no')
          .pluck()
          .all(documentId) as number[])
      : parsePages(pages)
  return numbers.map((pageNo) => ({ documentId, pageNo }))
}

async function runDoubleKey(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      db: { type: 'string' },
      sample: { type: 'string' },
      seed: { type: 'string' },
      document: { type: 'string' },
      pages: { type: 'string' }
    }
  })
  const location = projectLocation(values.db)
  if (location === undefined) throw new UsageError('double-key needs --db <file> (or RECTO_DB)')
  if ((values.sample === undefined) === (values.document === undefined)) {
    throw new UsageError('double-key takes --sample <n> or --document <name> [--pages <list>]')
  }
  if (values.pages !== undefined && values.document === undefined) {
    throw new UsageError('--pages goes with --document <name>')
  }
  const sample = values.sample === undefined ? null : Number(values.sample)
  if (sample !== null && !(Number.isInteger(sample) && sample > 0)) {
    throw new UsageError(`--sample is a number of pages, not '${values.sample}'`)
  }
  const db = openProjectForWriting(location)
  if (!db) return 1
  try {
    const pages =
      sample === null
        ? documentPages(db, values.document!, values.pages)
        : sampleForDoubleKeying(db, sample, values.seed ?? 'recto')
    const marked = requireDoubleKeying(db, pages)
    const left = pages.length - marked
    process.stdout.write(
      `double keying required on ${plural(marked, 'page')}` +
        (left > 0 ? `; ${plural(left, 'page was', 'pages were')} reviewed or marked already` : '') +
        '\n'
    )
    return 0
  } finally {
    db.close()
  }
}

export const doubleKeyCommand: Command = {
  name: 'double-key',
  run: runDoubleKey
}
