import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_TEXT_REGION } from '../../src-main/export/page-xml.js'
import type { PageDetail } from '../../src-main/shared/contract.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { canonicalAttributes, canonicalTexts, validCanonicalXml } from '../helpers/xmllint.js'
import { runCli } from './run-cli.js'

const schema = fileURLToPath(new URL('./page-2019-required.xsd', import.meta.url))
const ENTRY = 'two-column-article-p001'
const REWRITTEN = 'A page read again by hand & <checked>.\n\nIts second paragraph, rewritten.'

/** The page's part of a document's Markdown, between its page comment and the next one. */
function markdownPage(md: string, page: number): string {
  return md.split(`<!-- page ${page} -->`)[1]!.split('<!-- page ')[0]!.trim()
}

describe('a page whose whole text the reviewer rewrote', () => {
  const api = testBackend()
  const out = tempDir('recto-page-text-')
  const gold = join(out.dir, 'gold')
  const jsonl = join(out.dir, 'corpus.jsonl')
  const md = join(out.dir, 'md')
  const xml = join(out.dir, 'page')
  const exportAll = () =>
    runCli([
      'export',
      '--db',
      api.dbFile,
      '--gold',
      gold,
      '--jsonl',
      jsonl,
      '--markdown',
      md,
      '--page-xml',
      xml
    ])
  let page: PageDetail

  beforeAll(async () => {
    const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
    await api.waitFor('job.finished', (job) => job.id === jobId)
    const docs = await api.call('documents.list', {})
    const article = docs.find((d) => d.name === 'two-column-article.pdf')!
    page = await api.call('pages.get', { documentId: article.id, pageNo: 1 })
    // Approved as extracted first, so every format already holds the page before the rewrite.
    await api.call('revisions.save', {
      documentId: page.documentId,
      pageNo: 1,
      order: page.state.order,
      excluded: page.state.excluded,
      blockText: {},
      pageText: null,
      status: 'approved'
    })
    expect((await exportAll()).code).toBe(0)
    const state = await api.call('revisions.save', {
      documentId: page.documentId,
      pageNo: 1,
      order: page.state.order,
      excluded: page.state.excluded,
      blockText: {},
      pageText: REWRITTEN,
      status: 'approved'
    })
    expect(state).toMatchObject({ status: 'corrected', pageText: REWRITTEN })
  })
  afterAll(async () => {
    await api.close()
    out.remove()
  })

  it('reaches all four exports, none of which reports nothing changed', async () => {
    const result = await exportAll()
    expect(result).toMatchObject({ code: 0, err: '' })
    expect(result.out).not.toContain('nothing changed')
    expect(result.out).toMatch(/^gold: .*: 0 added, 1 changed/mu)
    expect(result.out).toMatch(/^jsonl: .*: changed$/mu)
    expect(result.out).toMatch(/^markdown: .*: 0 added, 1 changed/mu)
    expect(result.out).toMatch(/^page-xml: .*: 0 added, 1 changed/mu)

    expect(readFileSync(join(gold, `${ENTRY}.txt`), 'utf8')).toBe(`${REWRITTEN}\n`)

    const records = readFileSync(jsonl, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; text: string; status: string })
    expect(records.find((r) => r.id === ENTRY)).toMatchObject({
      text: REWRITTEN,
      status: 'corrected'
    })

    const markdown = readFileSync(join(md, 'two-column-article.md'), 'utf8')
    expect(markdownPage(markdown, 1)).toBe(REWRITTEN)

    const pageXml = await validCanonicalXml(join(xml, `${ENTRY}.xml`), schema)
    expect(canonicalAttributes(pageXml, 'RegionRefIndexed', 'regionRef')).toEqual([
      PAGE_TEXT_REGION
    ])
    const start = pageXml.indexOf(`<TextRegion id="${PAGE_TEXT_REGION}"`)
    const region = pageXml.slice(start, pageXml.indexOf('</TextRegion>', start))
    expect(canonicalTexts(region, 'Unicode')).toEqual([REWRITTEN])
    // The blocks the text replaced no longer carry their extracted text beside it.
    const kept = page.state.order.filter((id) => !page.state.excluded.includes(id))
    const ids = canonicalAttributes(pageXml, 'TextRegion', 'id')
    for (const id of kept) expect(ids).not.toContain(`r${id}`)
  })

  it('keeps a paragraph that is still a heading block’s text as that heading', async () => {
    const heading = page.roles.findIndex((role) => role === 'heading')
    expect(heading).toBeGreaterThanOrEqual(0)
    const title = page.blockText[heading]!.replace(/\s+/gu, ' ')
    await api.call('revisions.save', {
      documentId: page.documentId,
      pageNo: 1,
      order: page.state.order,
      excluded: page.state.excluded,
      blockText: {},
      pageText: `${title}\n\n${REWRITTEN}`,
      status: 'corrected'
    })
    await exportAll()
    const markdown = markdownPage(readFileSync(join(md, 'two-column-article.md'), 'utf8'), 1)
    expect(markdown).toMatch(
      new RegExp(`^#+ ${title.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\n\n`, 'u')
    )
    expect(markdown.endsWith(REWRITTEN)).toBe(true)
  })

  it('changes nothing when exported again', async () => {
    const again = await exportAll()
    expect(again.out.match(/nothing changed/gu)).toHaveLength(3)
    expect(again.out).toMatch(/^jsonl: .*: unchanged$/mu)
  })
})
