import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { analyseDocument, analyseKept } from '../../src-main/jobs/document-pass.js'
import { KeptLayouts } from '../../src-main/jobs/kept-layouts.js'
import type { WorkerReply } from '../../src-main/jobs/messages.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { rawText } from '../../src-main/extract/raw-text.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { addDocument } from '../../src-main/store/documents.js'
import { saveExtractedPage } from '../../src-main/store/extracted-pages.js'
import { extractedPage } from '../../src-main/store/pages.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { memoryDb } from '../helpers/db.js'

/** Every page of a PDF extracted as a worker does, stored, and kept in memory too. */
function extracted(path: string) {
  const db = memoryDb()
  const { id } = addDocument(db, { sha256: path, path, name: path, bytes: 0 }).document
  const file = openPdf(readFileSync(path))
  const kept = new KeptLayouts(64 * 2 ** 20)
  const digests = []
  for (let index = 0; index < file.pageCount; index++) {
    const layout = extractPage(file, index)
    const page = extractedPage(layout, rawText(layout), pageDigest(layout))
    saveExtractedPage(db, id, page)
    kept.keep(id, layout, page.layoutBlob.byteLength)
    digests.push(page.digest)
  }
  closePdf(file)
  return { db, id, kept, digests }
}

describe('document pass', () => {
  it('analyses a document read whole from memory as it does from the project', () => {
    // Running heads and footnotes: the pass's document statistics decide roles on every page.
    const { db, id, kept, digests } = extracted(corpusPdf('pdfjs__tracemonkey.pdf'))
    const fromMemory: WorkerReply[] = []
    analyseKept(id, digests, (reply) => fromMemory.push(reply), kept)
    const fromProject: WorkerReply[] = []
    analyseDocument(db, id, (reply) => fromProject.push(reply), new KeptLayouts(0))
    expect(fromMemory).toHaveLength(digests.length + 1)
    // An English paper: no font whose map verification would read back.
    expect(fromMemory.at(-1)).toEqual({ type: 'done', documentId: id, toVerify: 0 })
    expect(JSON.stringify(fromMemory)).toBe(JSON.stringify(fromProject))
  })

  it('fails a document none of whose pages could be read, from memory too', () => {
    const { id, kept, digests } = extracted(fixture('bad/all-pages-damaged.pdf'))
    const replies: WorkerReply[] = []
    analyseKept(id, digests, (reply) => replies.push(reply), kept)
    expect(replies).toEqual([
      {
        type: 'failed',
        documentId: id,
        reason: 'all 3 pages are damaged (page 1: object is not a stream)',
        exiting: false
      }
    ])
  })
})
