import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isPostgresUrl, projectName, projectStem } from '../store/location.js'

/**
 * Where files picked in a browser are kept: `review-uploads/` beside `review.sqlite`. A
 * PostgreSQL project keeps an uploaded file's bytes in the database (pdf_files, as every file its
 * queue ingests), where every worker reads them; the server's copy is only the file its queue
 * reads them from, so it goes in the temporary folder, under the project's name.
 */
export function uploadDir(dbFile: string): string {
  if (isPostgresUrl(dbFile)) return join(tmpdir(), 'recto-uploads', projectName(dbFile))
  return `${projectStem(dbFile)}-uploads`
}

/**
 * Keeps an uploaded file under its own name in a folder named after its first bytes of SHA-256,
 * so two different files of one name never overwrite each other, and the same file uploaded
 * twice is the same path (which the ingest then finds it has already read).
 */
export async function keepUpload(dbFile: string, name: string, bytes: Buffer): Promise<string> {
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const folder = join(uploadDir(dbFile), digest)
  await mkdir(folder, { recursive: true })
  const path = join(folder, name)
  await writeFile(path, bytes)
  return path
}
