import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fileErrorReason, hashFile, listInputs } from '../../src-main/extract/input-files.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

describe('input files', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((f) => f()))

  it('searches folders for PDFs in name order, takes named files as they are, reports the missing', async () => {
    const { dir, remove } = tempDir()
    cleanups.push(remove)
    mkdirSync(join(dir, 'b', 'deeper'), { recursive: true })
    for (const name of ['b/deeper/z.pdf', 'b/A.PDF', 'a.pdf', 'notes.txt', 'b/readme.md']) {
      writeFileSync(join(dir, name), name)
    }
    const listing = await listInputs([
      dir,
      join(dir, 'notes.txt'),
      join(dir, 'a.pdf'),
      join(dir, 'gone.pdf')
    ])
    expect(listing.files.map((f) => f.path.slice(dir.length + 1))).toEqual([
      'a.pdf',
      'b/A.PDF',
      'b/deeper/z.pdf',
      'notes.txt'
    ])
    expect(listing.files[0]?.bytes).toBe(5)
    expect(listing.missing).toEqual([{ path: join(dir, 'gone.pdf'), reason: 'file not found' }])
  })

  it('hashes a file as SHA-256 of its bytes, a large one read in pieces alike', async () => {
    const file = corpusPdf('pdfminer__dmca.pdf')
    const expected = createHash('sha256').update(readFileSync(file)).digest('hex')
    expect(await hashFile({ path: file, bytes: statSync(file).size })).toBe(expected)
    await expect(hashFile({ path: '/nonexistent/x.pdf', bytes: 0 })).rejects.toSatisfy(
      (error) => fileErrorReason(error) === 'file not found'
    )
    // Over the size read whole: three corpus files end to end, 4.6 MB.
    const { dir, remove } = tempDir()
    cleanups.push(remove)
    const large = Buffer.concat(
      [
        'pypdf-samples__GeoTopo-komprimiert.pdf',
        'olmocr__test-graphical-text.pdf',
        'docling__redp5110_sampled.pdf'
      ].map((name) => readFileSync(corpusPdf(name)))
    )
    expect(large.byteLength).toBeGreaterThan(4 * 2 ** 20)
    writeFileSync(join(dir, 'large.pdf'), large)
    expect(await hashFile({ path: join(dir, 'large.pdf'), bytes: large.byteLength })).toBe(
      createHash('sha256').update(large).digest('hex')
    )
  })
})
