import { createRequire } from 'node:module'
import { join, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'
import { packageRoot } from '../install/package-root.js'

/**
 * Names a folder laid out like out/ (`<folder>/src-main/…/x.js`) that holds the engine compiled
 * from the sources as they are now. Under vitest the sources are .ts, which a bare thread cannot
 * load; the suite's setup transpiles them for the run (test/helpers/threads-setup.ts) and names
 * the folder here, so its threads start from plain JS as they do in production.
 */
export const THREADS_OUT_ENV = 'RECTO_THREADS_OUT'

/** A thread's module, and whether the thread must register tsx's loader to import it. */
type ThreadModule = Readonly<{ url: string; tsx: boolean }>

/**
 * The module `name` (a path relative to this module, without its extension): `<name>.js` beside
 * this one in out/, or in out/src-main/threads/ when this module runs inside the command line's
 * bundle (out/cli/: its threads start from the engine's own files); under vitest, the same file
 * in the folder THREADS_OUT_ENV names; otherwise (the sources run by tsx) `<name>.ts`, after
 * tsx's loader, which costs each thread about 0.5 s of CPU (docs/development.md, "Test suite
 * time").
 */
function threadModule(name: string): ThreadModule {
  if (import.meta.url.endsWith('/threads/worker-thread.js')) {
    return { url: new URL(`./${name}.js`, import.meta.url).href, tsx: false }
  }
  if (import.meta.url.endsWith('.js')) {
    const threads = pathToFileURL(join(packageRoot(), 'out', 'src-main', 'threads') + sep)
    return { url: new URL(`${name}.js`, threads).href, tsx: false }
  }
  const out = process.env[THREADS_OUT_ENV]
  if (out) {
    const root = new URL('../../', import.meta.url).href
    const here = new URL('./', import.meta.url).href.slice(root.length)
    return { url: new URL(`${here}${name}.js`, pathToFileURL(`${out}/`)).href, tsx: false }
  }
  return { url: new URL(`./${name}.ts`, import.meta.url).href, tsx: true }
}

/**
 * Script that imports the module `name` in a thread, as a promise expression: for a thread that
 * must report its own failure to load (its spawner may be blocked, unable to see an error event).
 */
export function threadImport(name: string): string {
  const { url, tsx } = threadModule(name)
  const load = `import(${JSON.stringify(url)})`
  if (!tsx) return load
  const require = createRequire(import.meta.url)
  const tsxApi = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')
  ).href
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => register()).then(() => ${load})`
}

/** A worker thread running the module `name` (a path relative to this module, see threadModule). */
export function spawnWorker(name: string, options: WorkerOptions): Worker {
  const { url, tsx } = threadModule(name)
  if (!tsx) return new Worker(new URL(url), options)
  return new Worker(threadImport(name), { ...options, eval: true })
}
