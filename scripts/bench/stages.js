// CPU per page of each stage of the ingest, on one thread with no pool: the engine's own
// functions (from out/) called in the order a worker and the main thread call them, over every
// page of a folder. Reading order and roles are "layout"; the cleaned and the raw text "text";
// encoding the layout and the two commits of a page (extracted, then promoted with its analysis
// and flags) into a project file "store"; verification "verify": choosing, per document, the
// fonts a cheap signal doubts (verify/suspect-fonts.ts) and reading their lines back against
// their glyphs with OCR (verify/glyph-shapes.ts, one recogniser per language for the run, as an
// ingest does), the recogniser's threads' CPU included.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pageFlags } from '../../out/src-main/checks/index.js'
import { closePdf, openPdf } from '../../out/src-main/extract/open.js'
import { extractPage } from '../../out/src-main/extract/page.js'
import { rawText } from '../../out/src-main/extract/raw-text.js'
import { readingOrder } from '../../out/src-main/layout/order.js'
import { pageText } from '../../out/src-main/layout/page-text.js'
import { blockRoles } from '../../out/src-main/layout/roles.js'
import { documentStats } from '../../out/src-main/analysis/document-stats.js'
import { pageDigest } from '../../out/src-main/analysis/page-digest.js'
import { decide, quality } from '../../out/src-main/checks/decide.js'
import { addDocument } from '../../out/src-main/store/documents.js'
import { promotePage, saveExtractedPage } from '../../out/src-main/store/extracted-pages.js'
import { openDatabase } from '../../out/src-main/store/open.js'
import { extractedPage } from '../../out/src-main/store/pages.js'
import { tuneTieringForBatch } from '../../out/src-main/jobs/batch-tiering.js'
import { mupdf } from '../../out/src-main/extract/mupdf.js'
import { suspectFonts } from '../../out/src-main/verify/suspect-fonts.js'
import { verifyGlyphShapes } from '../../out/src-main/verify/glyph-shapes.js'
import { sharedRecognizers } from '../../out/src-main/verify/stored-verify.js'

export const STAGES = ['extract', 'layout', 'text', 'checks', 'store', 'verify']

function cpuMs() {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/**
 * { pages, ms: { stage: CPU ms per page }, readBack: { documents, fonts, lines } } over the PDFs
 * of `folder`, stored into `dbFile`.
 */
export async function stageCosts(folder, dbFile) {
  // As in an ingest worker, so the stages' JIT and colour costs are those of the ingest.
  tuneTieringForBatch()
  mupdf.disableICC()
  const total = Object.fromEntries(STAGES.map((s) => [s, 0]))
  let t = cpuMs()
  const charge = (stage) => {
    const now = cpuMs()
    total[stage] += now - t
    t = now
  }
  const db = openDatabase(dbFile)
  let pages = 0
  const readBack = { documents: 0, fonts: 0, lines: 0 }
  const recognizers = sharedRecognizers()
  for (const name of readdirSync(folder).sort()) {
    if (!/\.pdf$/i.test(name)) continue
    let file
    const bytes = readFileSync(join(folder, name))
    try {
      file = openPdf(bytes)
    } catch {
      continue
    }
    const id = addDocument(db, { sha256: name, path: name, name, bytes: bytes.length }).document.id
    const layouts = []
    const digests = []
    charge('extract')
    for (let index = 0; index < file.pageCount; index++) {
      const layout = extractPage(file, index)
      const digest = pageDigest(layout)
      charge('extract')
      const raw = rawText(layout)
      charge('text')
      saveExtractedPage(db, id, extractedPage(layout, raw, digest))
      charge('store')
      layouts.push(layout)
      digests.push(digest)
    }
    closePdf(file)
    const doc = documentStats(digests)
    charge('extract')
    const checked = []
    const analyzed = []
    for (const layout of layouts) {
      const order = readingOrder(layout)
      const roles = blockRoles(layout, doc.running, doc.bodySize)
      charge('layout')
      const text = pageText(layout, order, roles)
      const raw = rawText(layout)
      charge('text')
      const flags = pageFlags({ layout, order, roles, text, rawText: raw, doc })
      const analysis = {
        order,
        roles,
        text,
        flags,
        decision: decide(flags),
        quality: quality(flags)
      }
      charge('checks')
      promotePage(db, id, layout.page, analysis)
      charge('store')
      if (analysis.decision !== 'ocr') checked.push(layout)
      analyzed.push({ layout, analysis })
    }
    // As an ingest worker does: only a document with a doubted font is read back.
    if (suspectFonts(checked).size > 0) {
      const verified = await verifyGlyphShapes(
        bytes,
        { stats: doc, pages: analyzed, digests },
        { recognizer: recognizers.recognizerFor }
      )
      readBack.documents++
      readBack.fonts += verified.fonts
      readBack.lines += verified.lines
    }
    charge('verify')
    pages += layouts.length
  }
  await recognizers.close()
  charge('verify')
  db.close()
  return {
    pages,
    ms: Object.fromEntries(STAGES.map((s) => [s, total[s] / Math.max(pages, 1)])),
    readBack
  }
}
