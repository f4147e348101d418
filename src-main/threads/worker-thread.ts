import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * A worker thread running `<name>.js` (a path relative to this module) in out/; under vitest or tsx (sources
 * in .ts) the thread registers tsx's loader first and runs `<name>.ts`.
 */
export function spawnWorker(name: string, workerData: unknown): Worker {
  if (import.meta.url.endsWith('.js')) {
    return new Worker(new URL(`./${name}.js`, import.meta.url), { workerData })
  }
  const require = createRequire(import.meta.url)
  const tsxApi = pathToFileURL(
    require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')
  ).href
  const entry = new URL(`./${name}.ts`, import.meta.url).href
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => {
    register()
    return import(${JSON.stringify(entry)})
  })`
  return new Worker(bootstrap, { eval: true, workerData })
}
