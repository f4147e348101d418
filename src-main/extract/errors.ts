import { messageOf } from '../shared/error-message.js'
/** A document Recto cannot read; `reason` is the short phrase shown as `recto: <file>: <reason>`. */
export class ExtractError extends Error {
  readonly reason: string

  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options)
    this.name = 'ExtractError'
    this.reason = reason
  }
}

/** MuPDF's message without its stack, for a reason line. */
export function mupdfMessage(error: unknown): string {
  const text = messageOf(error)
  return text.split('\n')[0]?.trim() || 'unknown MuPDF error'
}

/**
 * MuPDF's allocation failures (fz_malloc and its kin: "malloc (12 bytes) failed", "calloc (4100 x
 * 1 bytes) failed", "out of memory").
 */
const OUT_OF_MEMORY = /^(?:[a-z]*alloc\b.*\bfailed|out of memory)/i

/**
 * A resource ran out, not the page: MuPDF could not allocate, or V8 refused (a RangeError: the
 * stack, a string or a buffer too large). Another page would fail the same way.
 */
export function isOutOfMemory(error: unknown): boolean {
  return error instanceof RangeError || OUT_OF_MEMORY.test(mupdfMessage(error))
}
