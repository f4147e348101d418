import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'

/** `review-uploads/` beside `review.sqlite`: where files picked in a browser are kept. */
export function uploadDir(dbFile: string): string {
  const file = resolve(dbFile)
  return join(dirname(file), `${basename(file, extname(file))}-uploads`)
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
