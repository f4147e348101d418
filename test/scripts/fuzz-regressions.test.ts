import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runPdf } from '../../scripts/fuzz/targets/pdf-pipeline.js'
import { runStored } from '../../scripts/fuzz/targets/stored-input.js'
import { REPO_ROOT } from '../helpers/corpus.js'

/**
 * The inputs `npm run fuzz -- --mode pdf|stored` found, replayed through the same targets: each
 * once threw, hung or ran past the time limit, and must now end in one of the target's answers.
 */
function findings(mode: string): string[] {
  const dir = join(REPO_ROOT, 'test', 'fuzz-regressions', mode)
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.filter((n) => n.endsWith('.bin')).map((n) => join(dir, n))
}

describe('fuzz findings', () => {
  const pdf = findings('pdf')
  const stored = findings('stored')

  it('are kept for both in-process targets', () => {
    expect(pdf.length + stored.length).toBeGreaterThan(0)
  })

  it.each(pdf)('PDF input %s is exported or refused', (file) => {
    expect(['exported', 'refused']).toContain(runPdf(readFileSync(file)))
  })

  it.each(stored)('stored input %s is decoded, refused or validated', (file) => {
    expect(['decoded', 'refused', 'valid', 'invalid']).toContain(runStored(readFileSync(file)))
  })
})
