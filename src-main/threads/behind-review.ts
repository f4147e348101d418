import { setPriority } from 'node:os'

/**
 * Nice 10 against the threads at 0 that answer the review screen (the backend's, the render
 * thread): when both want a core, Linux gives the niced thread about a tenth of it (CFS weights
 * 110 and 1024); with a core to itself it runs as fast as before. Corpus pages opened while the
 * same backend ingested 8,000 pages: p50 43-45 / p95 134-139 ms, and 28 / 88-89 ms with the
 * ingest workers behind (page-open-latency.ts --during).
 */
const BEHIND_REVIEW = 10

/**
 * Puts the calling thread, and the threads and processes it starts from then on (which inherit
 * its nice value: tesseract.js's worker, the tesseract program), behind the review. Only on
 * Linux, which keeps a nice value per thread: elsewhere it is the whole process's, and the
 * review screen would slow down with the work.
 */
export function runBehindReview(): void {
  if (process.platform !== 'linux') return
  try {
    setPriority(BEHIND_REVIEW)
  } catch {
    // A sandbox that refuses setpriority: the work runs at the usual priority, as elsewhere.
  }
}
