import { mupdf } from '../../src-main/extract/mupdf.js'
import { textDocument } from './hostile-pdfs.js'

function saveEncrypted(doc: mupdf.PDFDocument, password: string): Uint8Array {
  try {
    return doc
      .saveToBuffer(`encrypt=aes-256,user-password=${password},owner-password=${password}-owner`)
      .asUint8Array()
      .slice()
  } finally {
    doc.destroy()
  }
}

/**
 * A one-page PDF saying `lines`, encrypted (AES-256) with a user password: no reader opens it
 * without that password, the empty one included.
 */
export function encryptedPdf(lines: readonly string[], password: string): Uint8Array {
  return saveEncrypted(textDocument(lines), password)
}

/** The PDF `bytes` (a scan, say) encrypted the same way. */
export function encrypt(bytes: Uint8Array, password: string): Uint8Array {
  return saveEncrypted(mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!, password)
}
