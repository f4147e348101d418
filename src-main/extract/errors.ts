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
  const text = error instanceof Error ? error.message : String(error)
  return text.split('\n')[0]?.trim() || 'unknown MuPDF error'
}
