const PROGRESS_INTERVAL_MS = 100

/** Passes progress on at most every 100 ms, but always the first and the last. */
export function progressEmitter(
  emit: (done: number, total: number) => void
): (done: number, total: number) => void {
  let last = 0
  return (done, total) => {
    const now = Date.now()
    if (done !== 0 && done !== total && now - last < PROGRESS_INTERVAL_MS) return
    last = now
    emit(done, total)
  }
}
