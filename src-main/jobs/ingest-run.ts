import type { IngestSnapshot } from './progress.js'

/** One ingest run as the engine reports it. */
export type IngestRun = (
  paths: readonly string[],
  options: Readonly<{
    signal: AbortSignal
    onProgress(snapshot: IngestSnapshot): void
    onFileError(file: string, reason: string): void
    /**
     * A document this run read, or found read already: the cascade that follows is theirs alone.
     */
    onDocument?(documentId: number): void
    /** Reads again documents an earlier run recorded in error (the reviewer asked to retry). */
    retryErrors?: boolean
    /** The rest of the cascade is asked for after the ingest (font repair, then OCR). */
    cascade?: boolean
  }>
) => Promise<'queued' | undefined>
