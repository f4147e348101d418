import { readFile } from 'node:fs/promises'
import { mupdf } from '../extract/mupdf.js'
import { unlock } from '../extract/open.js'
import { notFound } from './errors.js'

/**
 * The passwords a reviewer gave this session for encrypted documents. They live in this
 * process's memory only: the project never holds them (a copied project file must not give its
 * documents away), so after a restart the app asks again when a page image needs one. Every
 * reader of the project's files (ingest, page images) tries them after the empty password.
 */
export class SessionPasswords {
  readonly #given = new Set<string>()

  add(password: string): void {
    this.#given.add(password)
  }

  list(): string[] {
    return [...this.#given]
  }
}

/**
 * Whether `password` opens the document's file, read from the first of its paths that still
 * holds one (a file that needs no password opens with any).
 */
export async function opensWith(paths: readonly string[], password: string): Promise<boolean> {
  for (const path of new Set(paths)) {
    let bytes: Uint8Array
    try {
      bytes = await readFile(path)
    } catch {
      continue
    }
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
    try {
      return unlock(doc, [password])
    } finally {
      doc.destroy()
    }
  }
  throw notFound(`a file at ${paths[0] ?? 'its path'}`)
}
