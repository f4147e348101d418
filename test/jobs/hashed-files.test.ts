import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hashedBatches, type HashedFile } from '../../src-main/jobs/hashed-files.js'
import { fileErrorReason, type InputFile } from '../../src-main/extract/input-files.js'
import { corpusPdf } from '../helpers/corpus.js'

/** A file as a listing gives it. */
const inputFile = (path: string): InputFile => ({ path, bytes: statSync(path).size })
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

describe('hashed files', () => {
  it('hashes every file in the order given, in batches growing from one file', async () => {
    const folder = join(corpusPdf('pdfminer__dmca.pdf'), '..')
    const files: InputFile[] = readdirSync(folder)
      .sort()
      .slice(0, 40)
      .map((name) => inputFile(join(folder, name)))
    const batches: (readonly HashedFile[])[] = []
    for await (const batch of hashedBatches(files)) batches.push(batch)
    expect(batches.map((b) => b.length)).toEqual([1, 2, 4, 8, 16, 9])
    const hashed = batches.flat()
    expect(hashed.map((h) => h.file)).toEqual(files)
    for (const h of hashed) expect(h).toEqual({ file: h.file, sha256: sha256(h.file.path) })
  })

  it('gives an unreadable file its error and still hashes the files after it', async () => {
    const files: InputFile[] = [
      inputFile(corpusPdf('pdfminer__dmca.pdf')),
      { path: '/nonexistent/gone.pdf', bytes: 0 },
      inputFile(corpusPdf('pdfjs__tracemonkey.pdf'))
    ]
    const hashed: HashedFile[] = []
    for await (const batch of hashedBatches(files)) hashed.push(...batch)
    expect(hashed.map((h) => h.file.path)).toEqual(files.map((f) => f.path))
    const [first, gone, third] = hashed
    expect(first).toEqual({ file: files[0], sha256: sha256(files[0]!.path) })
    expect(gone && 'error' in gone && fileErrorReason(gone.error)).toBe('file not found')
    expect(third).toEqual({ file: files[2], sha256: sha256(files[2]!.path) })
  })
})
