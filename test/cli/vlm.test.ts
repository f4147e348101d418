import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { answer, chatServer, type ChatReply } from '../helpers/chat-server.js'
import { recto, rectoAsync } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'
import { writeScannedText } from '../helpers/scanned-text.js'

/** Needs the built CLI (`npm run build:main`). */
const temp = tempDir('recto-vlm-')
let scan: string
let close: (() => Promise<void>) | undefined

beforeAll(() => {
  // Two image-only pages: no text layer, and no --ocr in these runs, so both need the model.
  const doc = new mupdf.PDFDocument()
  for (const [i, lines] of [
    ['Building notes, north wall'],
    ['Materials ordered in May']
  ].entries()) {
    const one = writeScannedText(temp.dir, `page-${i}.pdf`, lines, 'Helvetica')
    const src = mupdf.Document.openDocument(
      readFileSync(one),
      'application/pdf'
    ) as mupdf.PDFDocument
    doc.graftPage(-1, src, 0)
  }
  scan = join(temp.dir, 'notes.pdf')
  writeFileSync(scan, doc.saveToBuffer('compress').asUint8Array())
})
afterAll(() => temp.remove())
afterEach(async () => {
  await close?.()
  close = undefined
})

const PAGE_ONE = '# Building notes\n\nThe north wall was rebuilt\nin the spring of 1887.'
const PAGE_TWO = '- brick from the old mill\n- lime mortar'

/** A model server answering `reply`, and a pricing file whose vlm section points at it. */
async function model(reply: (index: number) => ChatReply, vlm: Record<string, unknown> = {}) {
  const server = await chatServer((_call, index) => reply(index))
  close = server.close
  const config = join(temp.dir, `pricing-${Math.random().toString(36).slice(2)}.json`)
  const pricing = {
    currency: 'USD',
    schemes: [
      {
        name: 'tiles of 512 px',
        tiles: {
          size: 512,
          tokensPerTile: 170,
          baseTokens: 85,
          dpi: 150,
          maxSide: 2048,
          shortSide: 768
        },
        outputTokensPerPage: 800,
        inputPricePerMillion: 2.5,
        outputPricePerMillion: 10
      }
    ],
    vlm: { endpoint: server.endpoint, model: 'olmocr-test', backoffMs: 5, retries: 1, ...vlm }
  }
  writeFileSync(config, JSON.stringify(pricing))
  return { server, config }
}

const byPage = (index: number) => answer(index === 0 ? PAGE_ONE : PAGE_TWO)

describe('recto text|check --vlm', () => {
  it('reads the pages OCR could not with the model, says where they went and what it cost', async () => {
    // One page at a time, so the answers come back in page order.
    const { server, config } = await model(byPage, { concurrency: 1, maxSide: 800 })
    const result = await rectoAsync(['text', scan, '--vlm', '--pricing', config])
    expect(result.status).toBe(0)
    expect(result.stdout).toBe(
      'Building notes\n\nThe north wall was rebuilt in the spring of 1887.\f• brick from the old mill\n• lime mortar\n'
    )
    expect(result.stderr).toContain(
      `recto: 2 pages go to the vision model olmocr-test at ${server.endpoint} (configured in ${config})`
    )
    expect(result.stderr).toContain(
      'recto: vision model olmocr-test: 2 pages read, 1800 input and 240 output tokens, 0.0069 USD'
    )
    // Each request carried its page as a PNG no larger than maxSide.
    expect(server.calls).toHaveLength(2)
    for (const call of server.calls) {
      const image = new mupdf.Image(call.png)
      expect(Math.max(image.getWidth(), image.getHeight())).toBeLessThanOrEqual(800)
    }
  })

  it('flags the model’s pages for review, and as notes where the config trusts it', async () => {
    const { config } = await model(byPage)
    const checked = await rectoAsync(['check', scan, '--vlm', '--pricing', config, '--json'])
    const pages = JSON.parse(checked.stdout) as {
      decision: string
      flags: { code: string; severity: string; message: string }[]
    }[]
    expect(pages.map((p) => p.decision)).toEqual(['review', 'review'])
    const flag = pages[0]!.flags.find((f) => f.code === 'vlm_text')!
    expect(flag.severity).toBe('warn')
    expect(flag.message).toBe(
      '3 lines read by the vision model olmocr-test (no OCR reading); 0 laid on lines OCR found; 3 placed without an OCR line under them'
    )
    const trusted = await model(byPage, { trusted: true })
    const again = await rectoAsync(['check', scan, '--vlm', '--pricing', trusted.config, '--json'])
    expect((JSON.parse(again.stdout) as { decision: string }[]).map((p) => p.decision)).toEqual([
      'ok',
      'ok'
    ])
  })

  it('stops at its budget cleanly: pages past it keep what they had, each named', async () => {
    const { server, config } = await model(byPage)
    const pages = await rectoAsync([
      'text',
      scan,
      '--vlm',
      '--pricing',
      config,
      '--vlm-max-pages',
      '1'
    ])
    expect(server.calls).toHaveLength(1)
    expect(pages.stderr).toMatch(/page [12]: vision model: --vlm-max-pages 1 reached/u)
    // An A4 page is expected to cost 0.0108 USD (1,105 tokens in, 800 out): 0.004 sends none.
    const cost = await rectoAsync([
      'text',
      scan,
      '--vlm',
      '--pricing',
      config,
      '--vlm-max-cost',
      '0.004'
    ])
    expect(server.calls).toHaveLength(1)
    expect(cost.stderr).toContain('page 1: vision model: --vlm-max-cost 0.004 reached (spent 0)')
    expect(cost.stdout).toBe('\f\n')
  })

  it('keeps each page as it was when the server fails, one line per page', async () => {
    const { server, config } = await model(() => ({
      status: 503,
      body: { error: { message: 'no GPU free' } }
    }))
    const result = await rectoAsync(['text', scan, '--vlm', '--pricing', config])
    expect(result.status).toBe(0)
    expect(result.stdout).toBe('\f\n')
    expect(result.stderr).toContain(
      'page 1: vision model: gave up after 2 tries: 503 (no GPU free)'
    )
    expect(result.stderr).toContain(
      'page 2: vision model: gave up after 2 tries: 503 (no GPU free)'
    )
    expect(server.calls).toHaveLength(4)
  })

  it('refuses to run without a model configured, before reading any page', () => {
    const config = join(temp.dir, 'no-model.json')
    writeFileSync(
      config,
      JSON.stringify({ schemes: [{ name: 'flat', tokensPerPage: 1000, inputPricePerMillion: 1 }] })
    )
    const result = recto('text', scan, '--vlm', '--pricing', config)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      `recto: --vlm: ${config} has no vlm section naming a model (docs/cascade.md)\n`
    )
  })
})

describe('recto vlm --db', () => {
  it('stores the model’s pages with their cost, which recto plan shows beside its estimate', async () => {
    const db = join(temp.dir, 'project.sqlite')
    expect(recto('ingest', scan, '--db', db).status).toBe(0)
    const { config } = await model(byPage, { concurrency: 1 })
    const run = await rectoAsync(['vlm', '--db', db, '--pricing', config])
    expect(run.stderr).toMatch(
      /^recto: 2 pages go to the vision model olmocr-test at http:\/\/127\.0\.0\.1:\d+\/v1 \(configured in .*\)\n$/u
    )
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(
      'vision model olmocr-test: 2 pages read of 2 pages routed, 1800 input and 240 output tokens, 0.0069 USD\n'
    )
    const project = new Database(db, { readonly: true })
    const texts = project.prepare('SELECT text, decision FROM pages ORDER BY page_no').all()
    const usage = project
      .prepare(
        'SELECT sum(input_tokens) AS i, sum(output_tokens) AS o, sum(cost) AS c FROM vlm_usage'
      )
      .get() as { i: number; o: number; c: number }
    project.close()
    expect(texts).toEqual([
      {
        text: 'Building notes\n\nThe north wall was rebuilt in the spring of 1887.',
        decision: 'review'
      },
      { text: '• brick from the old mill\n• lime mortar', decision: 'review' }
    ])
    const plan = JSON.parse(recto('plan', '--db', db, '--pricing', config, '--json').stdout) as {
      visionSpent: {
        pages: number
        read: number
        inputTokens: number
        outputTokens: number
        cost: number
        estimate: { pages: number; cost: number }
      }
    }
    expect(plan.visionSpent).toMatchObject({
      pages: 2,
      read: 2,
      inputTokens: usage.i,
      outputTokens: usage.o,
      cost: usage.c
    })
    expect(plan.visionSpent.estimate.pages).toBe(2)
    // Read once: a second run finds nothing to send.
    const again = await rectoAsync(['vlm', '--db', db, '--pricing', config])
    expect(again.stdout).toBe('no page needs the vision model\n')
  })
})
