// Preloaded into a child process the bench times (`node --import <this> ...`): when the process
// exits it writes its CPU time (every thread's, workers included) and peak RSS to the file named
// by RECTO_BENCH_REPORT, which is all the parent cannot read from outside on any platform.
import { writeFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.RECTO_BENCH_REPORT
if (file && isMainThread) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000
    writeFileSync(file, JSON.stringify({ cpuMs, maxRssKb: usage.maxRSS }))
  })
}
