import type { mupdf } from './mupdf.js'

/**
 * A MuPDF buffer's bytes, copied out, and the buffer freed. asUint8Array() is a view into the
 * WASM heap, reused once the buffer is freed (its finaliser runs at any later garbage
 * collection), so the copy comes first.
 */
export function takeBytes(buffer: mupdf.Buffer): Uint8Array {
  try {
    return buffer.asUint8Array().slice()
  } finally {
    buffer.destroy()
  }
}
