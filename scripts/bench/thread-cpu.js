// CPU of each thread of a `recto ingest`, read from /proc/<pid>/task/<tid>/stat while it runs
// (Linux): what a second worker adds, and where. Every worker is an isolate of its own, with its
// own JIT warm-up and heap; the main thread hashes, writes the store and reads the messages; V8's
// background threads (GC, optimising compiler) serve every isolate of the process.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const POLL_MS = 20

/** Seconds of CPU (user and system) of each thread of `pid` that still runs, by thread id. */
function threadSeconds(pid, ticksPerSecond) {
  const seconds = new Map()
  let tids
  try {
    tids = readdirSync(`/proc/${pid}/task`)
  } catch {
    return seconds
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      // Fields after the command name, which is in parentheses and may hold spaces: utime and
      // stime are the 12th and 13th of them.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      seconds.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond)
    } catch {
      // The thread ended between the listing and the read: its last sample stands.
    }
  }
  return seconds
}

/** Whether this machine can say (Linux's /proc). */
export function threadCpuAvailable() {
  return existsSync('/proc/self/task')
}

/**
 * `recto ingest` of `folder` into a fresh `db` with `workers` workers, its threads sampled every
 * 20 ms: { main, workers: [seconds…], background, total }. The workers are the `workers` threads
 * that spent the most; a thread's last 20 ms before it ends can go unseen.
 */
export async function threadCpu(folder, db, workers) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(db + suffix, { force: true })
  const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout)
  const child = spawn(
    process.execPath,
    ['bin/recto.js', 'ingest', folder, '--db', db, '--workers', String(workers)],
    { cwd: repo, stdio: 'ignore' }
  )
  const last = new Map()
  const sample = () => {
    for (const [tid, seconds] of threadSeconds(child.pid, ticksPerSecond)) last.set(tid, seconds)
  }
  const timer = setInterval(sample, POLL_MS)
  const status = await new Promise((done) => child.on('exit', done))
  clearInterval(timer)
  if (status !== 0) throw new Error(`recto ingest --workers ${workers} exited ${status}`)
  const main = last.get(child.pid) ?? 0
  const others = [...last]
    .filter(([tid]) => tid !== child.pid)
    .map(([, seconds]) => seconds)
    .sort((a, b) => b - a)
  const busiest = others.slice(0, workers)
  const background = others.slice(workers).reduce((sum, s) => sum + s, 0)
  const total = main + background + busiest.reduce((sum, s) => sum + s, 0)
  return { main, workers: busiest, background, total }
}
