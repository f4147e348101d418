import { statSync } from 'node:fs'
import type { ReadableDB, WritableDB } from '../store/db.js'
import { describeLocation } from '../store/location.js'
import { openDatabase, openDatabaseReadOnly } from '../store/open.js'
import { messageOf } from '../shared/error-message.js'

/**
 * The project at `location` opened for writing, or null once `recto: <where>: <reason>` is on
 * standard error (missing, not a project, too new, the server refused): the caller exits 1.
 */
export function openProjectForWriting(location: string): WritableDB | null {
  try {
    return openDatabase(location)
  } catch (error) {
    process.stderr.write(`recto: ${describeLocation(location)}: ${messageOf(error)}\n`)
    return null
  }
}

/** The project, or null after a one-line error naming the file (missing, not SQLite, too new). */
export function openProject(file: string): ReadableDB | null {
  try {
    // SQLite calls a folder a disk I/O error.
    if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error('is a folder, not a database file')
    }
    return openDatabaseReadOnly(file)
  } catch (error) {
    const notDatabase = (error as { code?: unknown }).code === 'SQLITE_NOTADB'
    const reason = notDatabase
      ? 'not a Recto project (not an SQLite database)'
      : error instanceof Error
        ? error.message
        : String(error)
    process.stderr.write(`recto: ${describeLocation(file)}: ${reason}\n`)
    return null
  }
}

/**
 * What `read` finds in the project at `location`, opened for reading and closed again; null once
 * a one-line error naming the project is on standard error (it could not be opened or read).
 */
export function readProject<T>(location: string, read: (db: ReadableDB) => T): T | null {
  const db = openProject(location)
  if (!db) return null
  try {
    return read(db)
  } catch (error) {
    process.stderr.write(`recto: ${describeLocation(location)}: ${messageOf(error)}\n`)
    return null
  } finally {
    db.close()
  }
}
