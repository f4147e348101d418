import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseManifest } from '../../src-main/export/manifest.js'
import { characterErrorRate } from '../../src-main/error-rate/error-rate.js'
import type { Input, MethodName, Output } from '../../src-main/shared/contract.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { openDatabase } from '../../src-main/store/open.js'
import { appendRevision, currentState } from '../../src-main/store/revisions.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'
import { madePdf, textLines } from '../helpers/made-pdf.js'

/** Double keying through the API, on the engine the run is for (a store contract file). */
const api = testBackend()
const out = tempDir('recto-keying-api-')
let page: { documentId: number; pageNo: number }
let other: { documentId: number; pageNo: number }

/** A call signed by `author`, as `recto serve` makes it for a logged-in reviewer. */
async function as<M extends MethodName>(
  author: string,
  method: M,
  input: Input<M>
): Promise<
  { ok: true; value: Output<M> } | { ok: false; error: { code: string; message: string } }
> {
  return (await api.backend.dispatch(method, input, author)) as never
}

async function value<M extends MethodName>(author: string, method: M, input: Input<M>) {
  const result = await as(author, method, input)
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`)
  return result.value
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  await api.waitFor('job.finished', (job) => job.id === jobId)
  const docs = await api.call('documents.list', {})
  page = { documentId: docs.find((d) => d.name === 'two-column-article.pdf')!.id, pageNo: 1 }
  other = { documentId: docs.find((d) => d.name === 'running-headers.pdf')!.id, pageNo: 1 }
})

afterAll(async () => {
  await api.close()
  out.remove()
})

describe('double keying through the API', () => {
  it('marks a page, then refuses ordinary edits to it while it waits', async () => {
    expect(await value('root', 'keying.require', { pages: [page, other] })).toEqual({ required: 2 })
    const { state } = await api.call('pages.get', page)
    const edit = await as('ada', 'revisions.save', {
      ...page,
      order: state.order,
      excluded: state.excluded,
      blockText: {},
      pageText: 'an edit every reviewer would see',
      status: 'corrected'
    })
    expect(edit).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(await api.call('revisions.history', page)).toEqual([])
    // OCR of the page, or a change to its blocks, would change its text as much: refused alike.
    const refusal = { ok: false, error: (edit as { error: unknown }).error }
    expect(await as('ada', 'pages.ocr', page)).toEqual(refusal)
    expect(await as('ada', 'pages.ocr', { ...page, turn: 90 })).toEqual(refusal)
    const region = {
      kind: 'region' as const,
      bbox: [0, 0, 200, 200] as [number, number, number, number]
    }
    expect(await as('ada', 'revisions.restructure', { ...page, edit: region })).toEqual(refusal)
    // Nor does an action across pages reach it.
    const replaced = await value('root', 'replace.apply', {
      query: { pattern: 'e' },
      replacement: 'E',
      pages: [page]
    })
    expect(replaced).toMatchObject({
      pages: 0,
      skipped: [{ ...page, reason: 'double-keyed, waiting for its keyings or adjudication' }]
    })
    expect(await api.call('revisions.history', page)).toEqual([])
  })

  it('keeps each keying from the other keyer, and one keying per account', async () => {
    const claimEvents = api.events.filter((e) => e.name === 'claims.changed').length
    const first = await value('ada', 'keying.submit', { ...page, text: 'Two columns of text.' })
    expect(api.events.filter((e) => e.name === 'claims.changed')).toHaveLength(claimEvents + 1)
    expect(first).toEqual({
      required: true,
      keyings: 1,
      mine: 'Two columns of text.',
      adjudicated: false
    })
    expect(await value('bob', 'keying.state', page)).toEqual({
      required: true,
      keyings: 1,
      mine: null,
      adjudicated: false
    })
    expect(JSON.stringify(await api.call('pages.get', page))).not.toContain('Two columns of text.')
    expect(await as('ada', 'keying.submit', { ...page, text: 'again' })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringContaining('already keyed') }
    })
    expect(await as('root', 'keying.adjudication', page)).toMatchObject({
      ok: false,
      error: { code: 'conflict' }
    })
  })

  it('gives the adjudicator both keyings and their CER, and approves the adjudicated text', async () => {
    await value('bob', 'keying.submit', { ...page, text: 'Two colums of text!' })
    const pair = await value('root', 'keying.adjudication', page)
    expect(pair.keyings.map((k) => k.keyer)).toEqual(['ada', 'bob'])
    expect(pair.agreementCer).toBeCloseTo(
      characterErrorRate('Two columns of text.', 'Two colums of text!').rate,
      9
    )
    expect(pair.agreementCer).toBeGreaterThan(0)
    expect(pair.machineText).toBe((await api.call('pages.get', page)).state.text)

    const dir = join(out.dir, 'gold')
    const before = await api.call('gold.export', { dir })
    expect(before.entries).toBe(0)
    expect(before.awaitingAdjudication).toEqual(['running-headers-p001', 'two-column-article-p001'])

    const { revisionId } = await value('root', 'keying.adjudicate', {
      ...page,
      text: 'Two columns of text!'
    })
    const history = await api.call('revisions.history', page)
    expect(history.map((r) => [r.id, r.author, r.action, r.status])).toEqual([
      [revisionId, 'root', 'adjudicate', 'corrected']
    ])
    expect(await value('ada', 'keying.state', page)).toMatchObject({ adjudicated: true })

    const report = await api.call('gold.export', { dir })
    expect(report).toMatchObject({
      entries: 1,
      added: ['two-column-article-p001'],
      awaitingAdjudication: ['running-headers-p001']
    })
    expect(readFileSync(join(dir, 'two-column-article-p001.txt'), 'utf8')).toBe(
      'Two columns of text!\n'
    )
    const [line] = parseManifest(readFileSync(join(dir, 'manifest.jsonl'), 'utf8'))
    expect(line).toMatchObject({
      entry: 'two-column-article-p001',
      revision: revisionId,
      reviewer: 'root',
      status: 'corrected',
      doubleKeyed: [{ page: 1, keyers: ['ada', 'bob'], adjudicator: 'root' }]
    })
    expect(line!.doubleKeyed![0]!.agreementCer).toBeCloseTo(pair.agreementCer, 9)

    // One entry per document: the keyed page is recorded among the document's pages.
    const perDocument = join(out.dir, 'per-document')
    await api.call('gold.export', { dir: perDocument, perDocument: true })
    const [whole] = parseManifest(readFileSync(join(perDocument, 'manifest.jsonl'), 'utf8'))
    expect(whole).toMatchObject({
      entry: 'two-column-article',
      pages: [1],
      doubleKeyed: [{ page: 1, keyers: ['ada', 'bob'], adjudicator: 'root' }]
    })
  })

  it('draws a sample of the pages left, and counts where the double keying stands', async () => {
    expect(await api.call('keying.summary', {})).toEqual({
      awaitingKeying: 1,
      awaitingAdjudication: 0,
      adjudicated: 1
    })
    const { required } = await value('root', 'keying.sample', { count: 3, seed: 'api' })
    expect(required).toBe(3)
    expect(await api.call('keying.summary', {})).toMatchObject({ awaitingKeying: 4 })
  })

  it('keeps a page approved some other way out of the gold set until it is adjudicated', async () => {
    const db = openDatabase(api.dbFile)
    try {
      const state = currentState(db, other.documentId, other.pageNo)!.state
      appendRevision(db, {
        documentId: other.documentId,
        page: other.pageNo,
        author: 'ada',
        action: 'approve',
        state: { ...state, status: 'approved' }
      })
    } finally {
      db.close()
    }
    const report = await api.call('gold.export', { dir: join(out.dir, 'gold') })
    expect(report.entries).toBe(1)
    // The approved page, and the three of the sample: none of them is gold.
    expect(report.awaitingAdjudication).toContain('running-headers-p001')
    expect(report.awaitingAdjudication).toHaveLength(4)
    // The Gold screen lists what the export wrote, and counts no more.
    const listed = await api.call('gold.entries', {})
    expect(listed.total).toBe(1)
    expect(listed.items.map((item) => item.entry)).toEqual(['two-column-article-p001'])
  })

  it("leaves a waiting page out of a document's OCR and out of an undo across pages", async () => {
    const file = join(api.dir, 'letter.pdf')
    writeFileSync(
      file,
      madePdf((doc) => [
        {
          content: textLines('F1', 12, ['A letter typed with care.', 'Its text is keyed twice.']),
          resources: { Font: { F1: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
        }
      ])
    )
    const letter = { documentId: await api.ingested(file), pageNo: 1 }
    const { batchId } = await value('ada', 'replace.apply', {
      query: { pattern: 'typed' },
      replacement: 'written',
      pages: [letter]
    })
    expect(await value('root', 'keying.require', { pages: [letter] })).toEqual({ required: 1 })
    expect(await value('root', 'batches.undo', { batchId })).toMatchObject({
      pages: 0,
      skipped: [letter]
    })
    expect((await api.call('revisions.history', letter)).map((r) => r.action)).toEqual(['replace'])

    const docs = await api.call('documents.list', {})
    const scan = { documentId: docs.find((d) => d.name === 'scanned-page.pdf')!.id, pageNo: 1 }
    expect((await api.call('pages.get', scan)).decision).toBe('ocr')
    await value('root', 'keying.require', { pages: [scan] })
    expect(await value('root', 'keying.state', scan)).toMatchObject({ required: true })
    // Whether or not OCR is installed here: the run has no page to read, so none fails.
    const { jobId } = await api.call('pages.ocr', { documentId: scan.documentId })
    expect(await api.waitFor('job.finished', (job) => job.id === jobId)).toMatchObject({
      status: 'succeeded',
      pages: { total: 0 },
      errors: []
    })
    expect((await api.call('pages.get', scan)).decision).toBe('ocr')
  })
})
