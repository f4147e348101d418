import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's own, where the sample corpus's project is ingested once. */
    samplesDir: string
  }
}

/**
 * A folder for the run: the first end-to-end file that wants the samples' project ingests it
 * there with the built CLI, the others copy it (test/e2e/serve.ts). Made afresh each run, so the
 * project is always the one the CLI of this build gives.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'recto-samples-'))
  project.provide('samplesDir', dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
