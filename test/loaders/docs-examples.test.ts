import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/open.js'
import { REPO_ROOT } from '../helpers/corpus.js'
import { writeOutlinePdf } from '../export/outline-pdf.js'
import { ingestPdf, review } from '../export/project.js'

/** The README and the exports page, where a pipeline engineer looks for them. */
const PAGES = ['README.md', join('docs', 'exports.md')]

/** The JavaScript examples of those pages that load through `from`, as written there. */
function examples(from: string): string[] {
  return PAGES.flatMap((page) => {
    const text = readFileSync(join(REPO_ROOT, page), 'utf8')
    return [...text.matchAll(/```js\n([\s\S]*?)```/gu)]
      .map((m) => m[1]!)
      .filter((code) => code.includes(`from '${from}'`))
  })
}

/**
 * Each example runs as a user runs it: a module of its own inside the package (so that
 * `recto/langchain` resolves as the package's export, from the built `out/`), beside a `papers/`
 * folder and a `review.recto` project.
 */
describe('the pipeline examples of the README and docs/exports.md', () => {
  let dir: string

  beforeAll(() => {
    dir = mkdtempSync(join(REPO_ROOT, '.docs-examples-'))
    mkdirSync(join(dir, 'papers'))
    const pdf = writeOutlinePdf(join(dir, 'papers'))
    const db = openDatabase(join(dir, 'review.recto'))
    const doc = ingestPdf(db, pdf)
    review(db, doc, 2, { status: 'approved' })
    db.close()
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const run = (code: string) => {
    const file = join(dir, 'example.mjs')
    writeFileSync(file, code)
    return spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' })
  }

  it.each([
    // a line per chunk with its heading path and page
    ['LangChain', 'recto/langchain', /^[0-9a-f]{32} Coast and Country > Growing Fruit .* 1 \d+$/mu],
    // the project read with its reviews
    ['LlamaIndex', 'recto/llamaindex', /^\d+ [1-9]\d* Coast and Country\n$/u]
  ])('runs the %s examples as written', (_, from, prints) => {
    const codes = examples(from)
    expect(codes).toHaveLength(PAGES.length)
    for (const code of codes) {
      const result = run(code)
      expect(result.stderr).toBe('')
      expect(result.status).toBe(0)
      expect(result.stdout).toMatch(prints)
    }
  })
})
