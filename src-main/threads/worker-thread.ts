import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/** A thread's module, and whether the thread must register tsx's loader to import it. */
type ThreadModule = Readonly<{ url: string; tsx: boolean }>

/**
 * The module `name` (a path relative to this module, without its extension): `<name>.js` beside
 * this one in out/; under vitest or tsx (the sources) `<name>.ts`, after tsx's loader.
 */
function threadModule(name: string): ThreadModule {
  if (import.meta.url.endsWith('.js')) {
    return { url: new URL(`./${name}.js`, import.meta.url).href, tsx: false }
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
