// Jazzer.js target: PDF bytes through what `recto ingest` and the exports do to them, in this
// process: open, extract and analyse every page with the document pass, store each page as the
// ingest does (its layout through the codec), and build the text and JSONL exports from the store.
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ExtractError } from '../../../src-main/extract/errors.js'
import { closePdf, openPdf, type PdfFile } from '../../../src-main/extract/open.js'
import { rawText } from '../../../src-main/extract/raw-text.js'
import { goldText } from '../../../src-main/export/gold-text.js'
import { jsonlRecord } from '../../../src-main/export/jsonl-export.js'
import { JsonlRecord } from '../../../src-main/export/jsonl-record.js'
import { loadPageView } from '../../../src-main/export/page-view.js'
import { analyzeDocument } from '../../../src-main/analysis/analyze-document.js'
import { pageDigest } from '../../../src-main/analysis/page-digest.js'
import { addDocument, markDone, markIngesting } from '../../../src-main/store/documents.js'
import { openDatabase } from '../../../src-main/store/open.js'
import { extractedPage, savePage } from '../../../src-main/store/pages.js'
import { TRAPPED_EXIT } from './exit-codes.js'

/** How an input ended. A `trapped` MuPDF may have a corrupt heap: the process must not go on. */
export type PdfOutcome = 'exported' | 'refused' | 'trapped'

/** MuPDF trapped, directly or as the cause of the ExtractError a page made of it. */
function trapped(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true
  return error instanceof Error && error.cause instanceof WebAssembly.RuntimeError
}

/** One project for the whole run, as one ingest worker keeps one MuPDF for many documents. */
const db = openDatabase(':memory:')

function exportFile(file: PdfFile, bytes: Uint8Array): void {
  const analysis = analyzeDocument(file)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const { document } = addDocument(db, {
    sha256,
    path: `/fuzz/${sha256}.pdf`,
    name: `${sha256}.pdf`,
    bytes: bytes.length
  })
  try {
    markIngesting(db, document.id, { pageCount: file.pageCount, title: null, tagged: false })
    for (const { layout, analysis: page } of analysis.pages) {
      savePage(db, document.id, {
        ...extractedPage(layout, rawText(layout), pageDigest(layout)),
        analysis: page
      })
    }
    markDone(db, document.id)
    const texts: string[] = []
    for (const { layout } of analysis.pages) {
      const view = loadPageView(db, document.id, layout.page)
      JsonlRecord.parse(jsonlRecord(view, `fuzz-p${layout.page}`))
      texts.push(view.state.text)
    }
    goldText(texts)
  } finally {
    db.prepare('DELETE FROM documents WHERE id = ?').run(document.id)
  }
}

/**
 * Runs one input. A file Recto refuses (an ExtractError: not a PDF, damaged beyond repair, a page
 * out of memory) is a correct answer, as it is for the ingest; a trap is too, as the ingest's
 * worker refuses the file and is replaced. Anything else thrown is a finding.
 */
export function runPdf(bytes: Uint8Array): PdfOutcome {
  let file: PdfFile
  try {
    file = openPdf(bytes)
  } catch (error) {
    if (trapped(error)) return 'trapped'
    if (error instanceof ExtractError) return 'refused'
    throw error
  }
  let outcome: PdfOutcome = 'exported'
  try {
    exportFile(file, bytes)
  } catch (error) {
    if (trapped(error)) outcome = 'trapped'
    else if (error instanceof ExtractError) outcome = 'refused'
    else throw error
  } finally {
    if (!closePdf(file)) outcome = 'trapped'
  }
  return outcome
}

let inputs = 0

/**
 * Jazzer.js's entry point. After a trap this process's MuPDF is spent, as an ingest worker's is:
 * the input is kept in $RECTO_FUZZ_TRAPS, the process exits with TRAPPED_EXIT, and
 * `npm run fuzz` starts the next run on the corpus grown so far.
 */
export function fuzz(data: Buffer): void {
  inputs++
  if (runPdf(data) !== 'trapped') return
  const traps = process.env['RECTO_FUZZ_TRAPS']
  if (traps) {
    mkdirSync(traps, { recursive: true })
    const name = createHash('sha256').update(data).digest('hex').slice(0, 16)
    writeFileSync(join(traps, `trap-${name}.pdf`), data)
  }
  process.stderr.write(`fuzz: MuPDF trapped after ${inputs} inputs; the next run goes on\n`)
  process.exit(TRAPPED_EXIT)
}
