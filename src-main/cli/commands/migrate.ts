import { parseArgs } from 'node:util'
import { copyProject, CopyError } from '../../store/copy-project.js'
import type { ReadableDB, WritableDB } from '../../store/db.js'
import { describeLocation } from '../../store/location.js'
import { openDatabase, openDatabaseReadOnly } from '../../store/open.js'
import { UsageError, type Command } from '../command.js'

async function runMigrate(args: readonly string[]): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: { from: { type: 'string' }, to: { type: 'string' } },
    allowPositionals: false
  })
  if (!values.from || !values.to) {
    throw new UsageError('migrate needs --from <project> --to <project>')
  }
  let from: ReadableDB | undefined
  let to: WritableDB | undefined
  const fail = (location: string, reason: string): number => {
    process.stderr.write(`recto: ${describeLocation(location)}: ${reason}\n`)
    return 1
  }
  try {
    try {
      from = openDatabaseReadOnly(values.from)
    } catch (error) {
      return fail(values.from, (error as Error).message)
    }
    try {
      to = openDatabase(values.to)
    } catch (error) {
      return fail(values.to, (error as Error).message)
    }
    let copied
    try {
      copied = copyProject(from, to)
    } catch (error) {
      if (!(error instanceof CopyError)) throw error
      return fail(values.to, error.message)
    }
    process.stdout.write('table                   rows  sha-256 (both sides)\n')
    for (const t of copied) {
      process.stdout.write(
        `${t.table.padEnd(22)} ${String(t.rows).padStart(6)}  ${t.checksum.slice(0, 16)}\n`
      )
    }
    process.stdout.write(`copied and verified into ${describeLocation(values.to)}\n`)
    return 0
  } finally {
    from?.close()
    to?.close()
  }
}

export const migrateCommand: Command = {
  name: 'migrate',
  run: runMigrate
}
