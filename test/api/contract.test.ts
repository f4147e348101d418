import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { HANDLER_MODULES, handlerTable } from '../../src-main/api/index.js'
import { METHOD_NAMES, METHODS, type MethodName } from '../../src-main/shared/contract.js'
import { SAMPLES_DIR, testBackend } from '../helpers/backend.js'

/** A valid `revisions.save` input, spoilt in one place below. */
const SAVE = {
  documentId: 1,
  pageNo: 1,
  order: [0],
  excluded: [],
  blockText: {},
  pageText: null,
  status: 'approved'
}

/** Inputs of the right overall shape but wrong in one place, per method. */
const WRONG: Record<MethodName, unknown[]> = {
  'documents.list': [{ all: true }],
  'documents.add': [{ paths: [] }, { paths: [''] }, { paths: 'a.pdf' }],
  'pages.queue': [
    { limit: 0 },
    { limit: 10_000 },
    { filter: { flag: 'no_such_flag' } },
    { filter: { decision: 'maybe' } },
    { after: { rank: 'worst' } }
  ],
  'pages.get': [{ documentId: 1 }, { documentId: 0, pageNo: 1 }, { documentId: 1, pageNo: 1.5 }],
  'pages.adjacent': [{ documentId: 1, pageNo: 1, direction: 'sideways' }],
  'pages.image': [
    { documentId: 1, pageNo: 1 },
    { documentId: 1, pageNo: 1, scale: 0 },
    { documentId: 1, pageNo: 1, scale: 100 }
  ],
  'pages.ocr': [{ pageNo: 2 }, { documentId: 0 }, { documentId: 1, pageNo: 'all' }],
  'pages.vlm': [{ documentId: 1 }, { pageNo: 1 }, { documentId: 1, pageNo: 0 }],
  'pages.flagCounts': [{ documentId: -1 }, { documentId: 'all' }],
  'revisions.save': [
    { documentId: 1, pageNo: 1, order: [0], excluded: [], blockText: {}, pageText: null },
    { ...SAVE, order: [-1] },
    { ...SAVE, blockText: { first: 'x' } },
    { ...SAVE, status: 'done' }
  ],
  'revisions.history': [{ documentId: '1', pageNo: 1 }],
  'revisions.undo': [{ documentId: 1 }],
  'revisions.redo': [{ pageNo: 1 }],
  'revisions.restore': [
    { documentId: 1, pageNo: 1 },
    { documentId: 1, pageNo: 1, revisionId: 0 },
    { documentId: 1, pageNo: 1, revisionId: '2' }
  ],
  'documents.retry': [{ documentId: 0 }, { id: 1 }, { documentId: 1, password: '' }],
  'documents.unlock': [{ documentId: 1 }, { documentId: 1, password: '' }, { password: 'pw' }],
  'documents.remove': [{ documentId: '1' }, {}],
  'documents.upload': [
    { name: 'a.pdf' },
    { name: '../a.pdf', data: 'JVBERi0=' },
    { name: 'a.pdf', data: 'not base64!' },
    { name: '', data: 'JVBERi0=' }
  ],
  'revisions.restructure': [
    { documentId: 1, pageNo: 1, edit: { kind: 'merge', ids: [1] } },
    { documentId: 1, pageNo: 1, edit: { kind: 'split', id: 1, line: 0 } },
    { documentId: 1, pageNo: 1, edit: { kind: 'region', bbox: [10, 10, 5, 20] } },
    { documentId: 1, pageNo: 1, edit: { kind: 'role', id: 1, role: 'banner' } },
    { documentId: 1, pageNo: 1, edit: { kind: 'rotate', id: 1 } }
  ],
  'exports.targets': [{ format: 'jsonl' }],
  'exports.run': [
    { format: 'jsonl' },
    { format: 'docx', target: 'out' },
    { format: 'markdown', target: '' }
  ],
  'teach.similar': [{ documentId: 1 }, { documentId: 1, pageNo: 0 }],
  'teach.apply': [
    { documentId: 1, pageNo: 1, targets: [] },
    { documentId: 1, pageNo: 1, targets: [{ documentId: 1 }] }
  ],
  'batches.undo': [{}, { batchId: 0 }, { batchId: 'last' }],
  'replace.find': [
    { query: { pattern: '' } },
    { query: { pattern: 'rn', regex: 'yes' } },
    { query: { pattern: 'rn' }, documentIds: [] }
  ],
  'replace.apply': [
    { query: { pattern: 'rn' }, replacement: 'm', pages: [] },
    { query: { pattern: 'rn' }, pages: [{ documentId: 1, pageNo: 1 }] }
  ],
  'replace.suggestions': [{ documentIds: [0] }, { documentIds: [] }],
  'gold.entries': [{ limit: 0 }, { limit: 5000 }],
  'gold.export': [{ dir: '' }, { dir: 7 }, { dir: 'gold', perDocument: 'yes' }],
  'gold.score': [{ dir: '' }, { dir: 1 }],
  'keying.require': [{ pages: [] }, { pages: [{ documentId: 1 }] }],
  'keying.state': [{ documentId: 1 }],
  'keying.submit': [
    { documentId: 1, pageNo: 1 },
    { documentId: 1, pageNo: 1, text: 3 }
  ],
  'keying.adjudication': [{ pageNo: 1 }],
  'keying.sample': [{ count: 0 }, { count: 1, seed: '' }],
  'keying.summary': [{ all: true }],
  'keying.adjudicate': [{ documentId: 1, pageNo: 1, text: 'x'.repeat(1_000_001) }],
  'accounts.list': [{ all: true }],
  'accounts.add': [
    { name: 'ada', role: 'reviewer', password: 'short' },
    { name: 'ada', role: 'owner', password: 'long enough' },
    { name: '', role: 'reviewer', password: 'long enough' }
  ],
  'accounts.change': [{ name: 'ada', change: 'promote' }, { change: 'disable' }],
  'audit.list': [{ limit: 0 }, { limit: 1001 }, { before: 'last' }],
  'reports.team': [{ reviewer: 'ada' }],
  'fonts.list': [{ documentId: 0 }],
  'fonts.codes': [{ program: 'abc' }, {}],
  'fonts.repair': [{ documentId: 1, language: 'English language' }, { documentId: 'one' }],
  'fonts.setCode': [
    { program: 'a'.repeat(64), code: -1, text: 'a' },
    { program: 'a'.repeat(64), code: 65, text: '' }
  ],
  'fonts.learnFromReview': [{ documentId: 0 }],
  'fonts.cmap': [{ program: 'A'.repeat(64) }],
  'plan.summary': [{ documentId: 1 }],
  'jobs.list': [{ running: true }],
  'jobs.cancel': [{ jobId: '' }, { jobId: 3 }]
}

/** Wrong for every method: not an object, or an object with a key no method takes. */
const WRONG_FOR_ALL: unknown[] = [null, 'text', 42, [], { unexpected: 1 }]

const api = testBackend()

function snapshot(): string {
  const db = new Database(api.dbFile, { readonly: true })
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[]
    return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM "${t}"`).raw().all()))
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  const { jobId } = await api.call('documents.add', { paths: [SAMPLES_DIR] })
  const finished = await api.waitFor('job.finished', (job) => job.id === jobId)
  expect(finished.status).toBe('succeeded')
})

afterAll(() => api.close())

describe('the API contract', () => {
  it('has exactly one handler for every method, and none beside', () => {
    for (const name of METHOD_NAMES) {
      const owners = HANDLER_MODULES.filter((module) => Object.hasOwn(module, name))
      expect(owners, name).toHaveLength(1)
    }
    const handled = HANDLER_MODULES.flatMap((module) => Object.keys(module)).sort()
    expect(handled).toEqual([...METHOD_NAMES].sort())
    expect(Object.keys(handlerTable()).sort()).toEqual([...METHOD_NAMES].sort())
  })

  it('refuses to start with a missing, doubled or unknown handler', () => {
    const [first, ...rest] = HANDLER_MODULES
    expect(() => handlerTable(rest)).toThrow(/no handler for/)
    expect(() => handlerTable([...HANDLER_MODULES, { 'jobs.list': () => [] }])).toThrow(
      /two handlers for 'jobs.list'/
    )
    expect(() => handlerTable([first!, ...rest, { 'pages.delete': () => null }])).toThrow(
      /contract lacks/
    )
  })

  it('covers every method in the bad-input table below', () => {
    expect(Object.keys(WRONG).sort()).toEqual([...METHOD_NAMES].sort())
    expect(METHODS['revisions.save'].input.safeParse(SAVE).success).toBe(true)
  })

  it('refuses bad input to every method with {code, message} and changes nothing', async () => {
    const before = snapshot()
    const jobsBefore = await api.call('jobs.list', {})
    const eventsBefore = api.events.length
    for (const method of METHOD_NAMES) {
      for (const input of [...WRONG_FOR_ALL, ...WRONG[method]]) {
        const result = await api.backend.dispatch(method, input)
        expect(result, `${method} ${JSON.stringify(input)}`).toEqual({
          ok: false,
          error: { code: 'invalid-input', message: expect.stringMatching(/\S/) }
        })
      }
    }
    expect(snapshot()).toBe(before)
    expect(await api.call('jobs.list', {})).toEqual(jobsBefore)
    expect(api.events.length).toBe(eventsBefore)
  })

  it('answers an unknown method with unknown-method', async () => {
    expect(await api.backend.dispatch('pages.delete', {})).toEqual({
      ok: false,
      error: { code: 'unknown-method', message: "no method 'pages.delete'" }
    })
    expect(await api.backend.dispatch('__proto__', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' }
    })
  })

  it('refuses a well-formed revision that does not fit the page, and stores nothing', async () => {
    const before = snapshot()
    const page = await api.call('pages.get', { documentId: 1, pageNo: 1 })
    const base = {
      documentId: 1,
      pageNo: 1,
      excluded: [],
      blockText: {},
      pageText: null,
      status: 'approved' as const
    }
    const dropped = await api.backend.dispatch('revisions.save', {
      ...base,
      order: page.autoOrder.slice(1)
    })
    expect(dropped).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const unknown = await api.backend.dispatch('revisions.save', {
      ...base,
      order: page.autoOrder,
      excluded: [9999]
    })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'invalid-input' } })
    const missing = await api.backend.dispatch('pages.get', { documentId: 1, pageNo: 999 })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not-found' } })
    expect(snapshot()).toBe(before)
  })

  it('validates every answer against its output schema', async () => {
    const queue = await api.call('pages.queue', {})
    expect(METHODS['pages.queue'].output.safeParse(queue).success).toBe(true)
    expect(queue.total).toBeGreaterThan(0)
    const [first] = queue.items
    const page = await api.call('pages.get', {
      documentId: first!.documentId,
      pageNo: first!.pageNo
    })
    expect(METHODS['pages.get'].output.safeParse(page).success).toBe(true)
  })

  it('sends the review screen the outline of a page, not its lines, spans and glyph edges', async () => {
    const [first] = (await api.call('pages.queue', {})).items
    const page = await api.call('pages.get', {
      documentId: first!.documentId,
      pageNo: first!.pageNo
    })
    expect(page.layout.blocks.length).toBeGreaterThan(0)
    expect(page.blockText).toHaveLength(page.layout.blocks.length)
    for (const [id, block] of page.layout.blocks.entries()) {
      expect(block).toStrictEqual({ id, bbox: expect.any(Array) })
    }
    expect(Object.keys(page.layout).sort()).toEqual(['blocks', 'height', 'rotation', 'width'])
  })
})
