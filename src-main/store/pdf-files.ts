import type { ReadableDB, WritableDB } from './db.js'

/** Keeps a PDF's bytes in the project under their SHA-256; the same bytes again change nothing. */
export function storePdfBytes(
  db: WritableDB,
  sha256: string,
  bytes: Uint8Array,
  now: Date = new Date()
): void {
  db.prepare(
    `INSERT INTO pdf_files (sha256, bytes, stored_at) VALUES (?, ?, ?)
     ON CONFLICT (sha256) DO NOTHING`
  ).run(sha256, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), now.toISOString())
}

/** The stored bytes of a PDF, or null when the project holds only its paths. */
export function storedPdfBytes(db: ReadableDB, sha256: string): Buffer | null {
  const bytes = db.prepare('SELECT bytes FROM pdf_files WHERE sha256 = ?').pluck().get(sha256)
  return bytes === undefined ? null : (bytes as Buffer)
}

/** Whether the project holds a PDF's bytes, without reading them. */
export function hasPdfBytes(db: ReadableDB, sha256: string): boolean {
  return db.prepare('SELECT 1 FROM pdf_files WHERE sha256 = ?').get(sha256) !== undefined
}
