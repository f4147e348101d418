import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Script that registers tsx's loader in a thread, as a promise expression: under vitest or tsx the
 * sources are .ts, which a bare thread cannot import.
 */
export function tsxLoaderScript(): string {
  const require = createRequire(import.meta.url)
  const tsxApi = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')
  ).href
  return `import(${JSON.stringify(tsxApi)}).then(({ register }) => register())`
}

/**
 * A worker thread running `<name>.js` (a path relative to this module) in out/; under vitest or tsx (sources
 * in .ts) the thread registers tsx's loader first and runs `<name>.ts`.
 */
export function spawnWorker(name: string, workerData: unknown): Worker {
  if (import.meta.url.endsWith('.js')) {
    return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData })
  }
  const entry = new URL(`./${name}.ts`, import.meta.url).href
  const bootstrap = `${tsxLoaderScript()}.then(() => import(${JSON.stringify(entry)}))`
  return new Worker(bootstrap, { eval: true, workerData })
}
