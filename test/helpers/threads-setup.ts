import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { THREADS_OUT_ENV } from '../../src-main/threads/worker-thread.js'
import { REPO_ROOT } from './corpus.js'

/**
 * Transpiles every module of src-main/ into `dir`, laid out as tsc's out/ (`dir/src-main/…/x.js`,
 * one file for each, imports untouched): what a thread loads from out/ in production, made from
 * the sources as they are now. Types are tsc's business (`npm run typecheck`), not this one's.
 */
export async function transpileEngine(dir: string): Promise<void> {
  const sources = readdirSync(join(REPO_ROOT, 'src-main'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(REPO_ROOT, 'src-main', file))
  rmSync(dir, { recursive: true, force: true })
  await build({
    entryPoints: sources,
    outdir: dir,
    outbase: REPO_ROOT,
    tsconfig: join(REPO_ROOT, 'tsconfig.node.json'),
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    logLevel: 'silent'
  })
}

/**
 * The engine's worker threads start from plain JS for the run (threads/worker-thread.ts): without
 * it each thread registers tsx's loader and compiles what it imports, about 0.5 s of CPU a thread.
 * The folder is under node_modules/ so that the thread's imports of packages resolve as from out/,
 * and the run's own (its process id), so that two runs side by side do not rebuild each other's.
 * Every project lists this setup and vitest runs them all before the first file; the first builds
 * the folder, again before each rerun of watch mode, so that no run tests stale code.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const runs = join(REPO_ROOT, 'node_modules', '.cache', 'recto-threads')
  const dir = join(runs, String(process.pid))
  if (process.env[THREADS_OUT_ENV] === dir) return undefined
  removeEnded(runs)
  await transpileEngine(dir)
  process.env[THREADS_OUT_ENV] = dir
  project.onTestsRerun(() => transpileEngine(dir))
  return () => rmSync(dir, { recursive: true, force: true })
}

/** The folders of runs that ended without removing theirs (killed, or crashed). */
function removeEnded(runs: string): void {
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM'
    }
  }
  const folders = existsSync(runs) ? readdirSync(runs) : []
  for (const pid of folders) {
    if (!alive(Number(pid))) rmSync(join(runs, pid), { recursive: true, force: true })
  }
}
