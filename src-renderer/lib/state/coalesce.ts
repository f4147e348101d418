/**
 * Runs `task` at most once per `ms`, and once more after the last request in a burst: an ingest
 * announces every finished file, and a library of thousands must not recount after each.
 */
export function coalesce(task: () => void, ms: number): { request(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | null = null
  let requested = false
  const run = (): void => {
    timer = null
    if (!requested) return
    requested = false
    task()
    timer = setTimeout(run, ms)
  }
  return {
    request() {
      requested = true
      if (timer === null) run()
    },
    cancel() {
      if (timer !== null) clearTimeout(timer)
      timer = null
      requested = false
    }
  }
}
