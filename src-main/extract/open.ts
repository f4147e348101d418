import { ExtractError, mupdfMessage } from './errors.js'
import { mupdf } from './mupdf.js'
import type { FontInfo } from '../shared/layout.js'

/** What a form XObject's content stream holds, cached per object for the whole document. */
export type FormContent = Readonly<{
  drawsText: boolean
  invokes: readonly string[]
  actualText: boolean
}>

/** An open PDF and the per-object facts its pages share (fonts and forms are reused across pages). */
export type PdfFile = Readonly<{
  pdf: mupdf.PDFDocument
  pageCount: number
  /** MuPDF rebuilt a broken cross-reference table while opening. */
  repaired: boolean
  fontCache: Map<number, Omit<FontInfo, 'resource'>>
  formCache: Map<number, FormContent>
}>

const HEADER_WINDOW = 1024

function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW))
  return head.includes('%PDF-', 0, 'latin1')
}

function notPdfReason(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'not a PDF (empty file)'
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, HEADER_WINDOW))
    .toString('latin1')
    .trimStart()
    .toLowerCase()
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) {
    return 'not a PDF (an HTML page)'
  }
  return 'not a PDF (no %PDF- header)'
}

/**
 * Whether an opened document can be read: it needs no password, or the empty one or one of
 * `passwords` opens it. Every reader of a file (extraction, rendering, OCR) opens it this way,
 * with the passwords given this session (never stored: see README, "Encrypted files").
 */
export function unlock(doc: mupdf.Document, passwords: readonly string[]): boolean {
  if (!doc.needsPassword()) return true
  return ['', ...passwords].some((password) => doc.authenticatePassword(password) !== 0)
}

/**
 * Opens PDF bytes. MuPDF opens almost anything (an HTML file named .pdf becomes a rendered web
 * page), so the header is checked first; encrypted files get the empty password, which is what
 * viewers try, then the passwords the user gave (unlock); damaged files are repaired by MuPDF
 * where it can.
 */
export function openPdf(bytes: Uint8Array, passwords: string | readonly string[] = ''): PdfFile {
  if (!hasPdfHeader(bytes)) throw new ExtractError(notPdfReason(bytes))
  let doc: mupdf.Document
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  } catch (error) {
    throw new ExtractError(`damaged beyond repair (${mupdfMessage(error)})`, { cause: error })
  }
  const pdf = doc.asPDF()
  if (!pdf) throw new ExtractError('not a PDF (MuPDF opened it as another format)')
  const given = typeof passwords === 'string' ? [passwords] : passwords
  if (!unlock(pdf, given)) {
    pdf.destroy()
    throw new ExtractError(
      given.every((p) => p === '')
        ? 'encrypted with an unknown password'
        : 'encrypted: wrong password'
    )
  }
  let pageCount: number
  try {
    pageCount = pdf.countPages()
  } catch (error) {
    pdf.destroy()
    throw new ExtractError(`damaged beyond repair (${mupdfMessage(error)})`, { cause: error })
  }
  if (pageCount === 0) {
    pdf.destroy()
    throw new ExtractError('damaged beyond repair (no pages found)')
  }
  return {
    pdf,
    pageCount,
    repaired: pdf.wasRepaired(),
    fontCache: new Map(),
    formCache: new Map()
  }
}

/**
 * Frees MuPDF's memory for the document now instead of at garbage collection. False when MuPDF
 * trapped while freeing it (a repaired file can leave its objects inconsistent, fuzz seed 2
 * #24): every page was read, but MuPDF's heap may be corrupt and this thread should open no
 * other document.
 */
export function closePdf(file: PdfFile): boolean {
  try {
    file.pdf.destroy()
    return true
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) return false
    throw error
  }
}
