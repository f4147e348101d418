import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'

/**
 * The bytes of a document, from the first of its known paths that still holds exactly those
 * bytes: a file edited since ingest would graft pages the reviewer never saw.
 */
export async function readSourcePdf(
  paths: readonly string[],
  sha256: string
): Promise<Readonly<{ path: string; bytes: Uint8Array }>> {
  let reason = 'no path is known'
  for (const path of paths) {
    let bytes: Buffer
    try {
      bytes = await readFile(path)
    } catch (error) {
      reason = `${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`
      continue
    }
    if (createHash('sha256').update(bytes).digest('hex') === sha256) return { path, bytes }
    reason = `${path}: the file has changed since it was ingested`
  }
  throw new Error(`source PDF not found (${reason})`)
}
