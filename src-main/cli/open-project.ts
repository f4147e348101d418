import type { WritableDB } from '../store/db.js'
import { describeLocation } from '../store/location.js'
import { openDatabase } from '../store/open.js'
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
