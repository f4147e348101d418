import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ReadableDB } from './db.js'
import { documentPaths, getDocument } from './documents.js'
import { storedPdfBytes } from './pdf-files.js'

/** Where this machine keeps its copies of PDFs stored in a project, one file per content hash. */
function cacheFile(sha256: string): string {
  return join(tmpdir(), 'recto-pdfs', `${sha256}.pdf`)
}

/**
 * A local file holding these bytes when the project stores them (pdf_files), written once per
 * machine under their hash; undefined when it does not. The copy is written under a name of its
 * own and renamed, so two workers on one machine never read half a file.
 */
export function storedPdfFile(db: ReadableDB, sha256: string): string | undefined {
  const file = cacheFile(sha256)
  if (existsSync(file)) return file
  const bytes = storedPdfBytes(db, sha256)
  if (bytes === null) return undefined
  mkdirSync(join(tmpdir(), 'recto-pdfs'), { recursive: true })
  const partial = `${file}.${process.pid}.${Date.now()}`
  writeFileSync(partial, bytes)
  renameSync(partial, file)
  return file
}

/**
 * A local file with a document's bytes: the project's stored copy (the only one a worker on
 * another machine has), else the first path it was seen at that still exists.
 */
export function documentFile(db: ReadableDB, documentId: number): string | undefined {
  const document = getDocument(db, documentId)
  const stored = document === undefined ? undefined : storedPdfFile(db, document.sha256)
  return stored ?? documentPaths(db, documentId).find((path) => existsSync(path))
}
