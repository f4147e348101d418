import type { PdfFile } from '../extract/open.js'
import { isTagged } from '../extract/structure.js'

function titleOf(file: PdfFile): string | null {
  try {
    return file.pdf.getMetaData('info:Title')?.trim() || null
  } catch {
    return null
  }
}

function tagged(file: PdfFile): boolean {
  try {
    return isTagged(file)
  } catch {
    return false
  }
}

/**
 * The document facts the documents table keeps, read through the open file's handle. A broken
 * Info or Root dictionary costs the fact, never the document.
 */
export function documentInfo(file: PdfFile): { title: string | null; tagged: boolean } {
  return { title: titleOf(file), tagged: tagged(file) }
}
