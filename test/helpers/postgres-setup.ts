import type { TestProject } from 'vitest/node'
import { postgresBin, startCluster } from './postgres-cluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's URL for a database name, with `{db}` where the name goes. */
    postgresUrl: string
  }
}

/** One throwaway cluster for the PostgreSQL run of the store contract suite; stopped at the end. */
export default function setup(project: TestProject): () => void {
  const found = postgresBin()
  if ('missing' in found) throw new Error(found.missing)
  const cluster = startCluster(found.bin)
  project.provide('postgresUrl', cluster.url('{db}'))
  return () => cluster.stop()
}
