import { textDocument } from './hostile-pdfs.js'

/**
 * A one-page PDF saying `lines`, encrypted (AES-256) with a user password: no reader opens it
 * without that password, the empty one included.
 */
export function encryptedPdf(lines: readonly string[], password: string): Uint8Array {
  const doc = textDocument(lines)
  try {
    return doc
      .saveToBuffer(`encrypt=aes-256,user-password=${password},owner-password=${password}-owner`)
      .asUint8Array()
      .slice()
  } finally {
    doc.destroy()
  }
}
