import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The repository root (this file sits in test/helpers/). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

const CORPUS_DIR = fileURLToPath(new URL('../../../shared/corpus/pdf/', import.meta.url))

/**
 * Absolute path of a corpus PDF: the real-PDF corpus sits beside the clone, at
 * `<repo>/../shared/corpus/pdf/<name>`, in CI as on the team's machines.
 */
export function corpusPdf(name: string): string {
  const path = CORPUS_DIR + name
  if (!existsSync(path)) throw new Error(`corpus file missing: ${path}`)
  return path
}

/** Absolute path of a file under test/fixtures/. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url))
}
