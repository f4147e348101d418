import type { mupdf } from './mupdf.js'

/**
 * `obj.get(key)` that tolerates a missing parent: mupdf 1.28's `PDFObject.Null.get()` throws, and
 * damaged files leave holes anywhere.
 */
export function field(obj: mupdf.PDFObject, key: string | number): mupdf.PDFObject {
  return obj.isNull() ? obj : obj.get(key)
}
