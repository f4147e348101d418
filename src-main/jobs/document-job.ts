import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ExtractError } from '../extract/errors.js'
import { closePdf, openPdf, type PdfFile } from '../extract/open.js'
import { extractPage } from '../extract/page.js'
import { rawText } from '../extract/raw-text.js'
import { pageDigest, type PageDigest } from '../analysis/page-digest.js'
import { extractedPage } from '../store/pages.js'
import { documentInfo } from './document-info.js'
import { fileErrorReason } from '../extract/input-files.js'
import type { KeptLayouts } from './kept-layouts.js'
import type { WorkerReply, WorkerRequest } from './messages.js'
import type { WasmMemoryLimit } from './wasm-memory-limit.js'

/** MuPDF trapped (directly, or as the cause of the ExtractError a page made of it). */
function trapped(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true
  return error instanceof Error && error.cause instanceof WebAssembly.RuntimeError
}

function reasonOf(error: unknown): string {
  if (error instanceof ExtractError) return error.reason
  return fileErrorReason(error)
}

/** A document read to its end: whether MuPDF's heap survived it, and the digests of its pages. */
export type ExtractedDocument = Readonly<{
  spent: boolean
  /** Every page's digest in page order; null when pages read by an earlier run were skipped. */
  digests: readonly PageDigest[] | null
}>

/**
 * Extracts one document page by page in the calling (worker) thread, posting each page as soon
 * as it is read so the main thread can commit it, and keeping it in `kept` for the document pass.
 * Never throws: a failure is posted, and null returned.
 */
export function extractDocument(
  request: Extract<WorkerRequest, { type: 'extract' }>,
  post: (reply: WorkerReply) => void,
  memory: WasmMemoryLimit,
  kept: KeptLayouts
): ExtractedDocument | null {
  const { documentId } = request
  let file: PdfFile | undefined
  try {
    const bytes = readFileSync(request.path)
    if (createHash('sha256').update(bytes).digest('hex') !== request.sha256) {
      throw new ExtractError('the file changed while it was being ingested')
    }
    file = openPdf(bytes, request.passwords)
    post({ type: 'opened', documentId, pageCount: file.pageCount, ...documentInfo(file) })
    const skip = new Set(request.skipPages)
    const digests: PageDigest[] = []
    for (let index = 0; index < file.pageCount; index++) {
      if (skip.has(index + 1)) continue
      const layout = extractPage(file, index)
      // A refused allocation may surface as any MuPDF error, which would read as a damaged
      // page: the limit, not the page, is what failed, and it fails the document.
      if (memory.exceeded()) throw new ExtractError('exceeds the memory limit')
      const page = extractedPage(layout, rawText(layout), pageDigest(layout))
      digests.push(page.digest)
      kept.keep(documentId, layout, page.layoutBlob.byteLength)
      post({ type: 'page', documentId, page, wasmBytes: memory.bytes() })
    }
    const closed = closePdf(file)
    file = undefined
    return { spent: !closed, digests: skip.size === 0 ? digests : null }
  } catch (error) {
    const exceeded = memory.exceeded()
    const closed = file !== undefined && !exceeded ? closePdf(file) : true
    post({
      type: 'failed',
      documentId,
      reason: exceeded
        ? `exceeds the memory limit of ${Math.round(memory.limitBytes / 2 ** 20)} MB`
        : reasonOf(error),
      exiting: exceeded || !closed || trapped(error)
    })
    return null
  }
}
