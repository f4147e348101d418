import { parentPort, workerData } from 'node:worker_threads'
import type { WorkerConfig, WorkerReply, WorkerRequest } from './messages.js'
import { KeptLayouts } from './kept-layouts.js'
import { limitWasmMemory } from './wasm-memory-limit.js'
import { tuneTieringForBatch } from './batch-tiering.js'
import { runBehindReview } from '../threads/behind-review.js'

/**
 * Entry of an ingest worker thread. The WASM memory limit is installed before MuPDF loads
 * (hence the dynamic imports); after a refused allocation the thread exits, since MuPDF's heap
 * never shrinks, and the pool starts a fresh one.
 */
const config = workerData as WorkerConfig
tuneTieringForBatch()
if (config.behindReview) runBehindReview()
const memory = limitWasmMemory(config.memoryLimitBytes)
// Extraction reads no colour, only each glyph's alpha, and this thread renders nothing; without
// ICC profiles MuPDF converts colours by formula instead of building a colour transform for each
// pair of colour spaces it meets (Little CMS: 3% of a worker's CPU over the corpus, with the
// compiling of that code). Every stored page and flag of the corpus is unchanged.
const { mupdf } = await import('../extract/mupdf.js')
mupdf.disableICC()
const { extractDocument } = await import('./document-job.js')
const { analyseDocument, analyseKept } = await import('./document-pass.js')
const { prepareReadBack } = await import('./read-back-crops.js')
const { openDatabaseReadOnly } = await import('../store/open.js')
const port = parentPort
if (!port) throw new Error('ingest-worker runs as a worker thread')
const post = (reply: WorkerReply) => {
  if (reply.type !== 'page') return port.postMessage(reply)
  // A small encoded layout is a view into a larger buffer (Node's pool of small Buffers), all of
  // which a clone would copy: an exact copy is moved to the main thread instead.
  const layoutBlob = new Uint8Array(reply.page.layoutBlob)
  port.postMessage({ ...reply, page: { ...reply.page, layoutBlob } }, [layoutBlob.buffer])
}
let db: ReturnType<typeof openDatabaseReadOnly> | undefined
/** Encoded, a twelfth to a sixteenth of what the layouts take on the JS heap: 50 to 64 MB. */
const kept = new KeptLayouts(4 * 2 ** 20)

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'stop') {
    process.exit(0)
  } else if (request.type === 'extract') {
    const { documentId } = request
    const extracted = extractDocument(request, post, memory, kept)
    if (memory.exceeded()) process.exit(1)
    if (!extracted) return
    const { spent, digests } = extracted
    const analysing = !spent && digests !== null && kept.holdsAll(documentId, digests.length)
    post({ type: 'extracted', documentId, spent, analysing })
    if (analysing) {
      const readBack = config.readBack
        ? (pages: Parameters<typeof prepareReadBack>[1]) =>
            prepareReadBack(request, pages, memory, (readers) =>
              post({ type: 'reading back', documentId, readers: [...readers] })
            )
        : undefined
      analyseKept(documentId, digests, post, kept, readBack)
      kept.clear()
    }
  } else {
    db ??= openDatabaseReadOnly(config.dbPath)
    analyseDocument(db, request.documentId, post, kept)
    kept.clear()
  }
})
