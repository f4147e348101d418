import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageCheck } from '../../src-main/shared/flags.js'
import { PlanSummary } from '../../src-main/shared/plan-summary.js'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { writePartScannedPdf } from '../helpers/part-scanned.js'

/**
 * A subset of the corpus with every decision: fonts without a usable map (TAMReview, issue-791,
 * the TrueType font without one: repair), scans (c02-22: ocr), a page to review (test_3854),
 * tables (eu-001) and a file that cannot be opened (an unknown password).
 */
const SUBSET = [
  'pdfjs__TAMReview.pdf',
  'pdfminer__issue-791-non-unicode-cmap.pdf',
  'ocrmypdf__truetype_font_nomapping.pdf',
  'ocrmypdf__c02-22.pdf',
  'pymupdf__test_3854.pdf',
  'pdfbox__eu-001.pdf',
  'pdfplumber__password-example.pdf'
]

const STORED = {
  tesseract: { backend: 'tesseract', secondsPerPage: 1.5, measured: 'by hand' },
  'tesseract.js': { backend: 'tesseract.js', secondsPerPage: 3, measured: 'by hand' }
}

/** Needs the built CLI (`npm run build:main`). */
describe('recto plan', () => {
  const tmp = tempDir('recto-plan-')
  const folder = join(tmp.dir, 'pdfs')
  const config = join(tmp.dir, 'config')
  const saved = process.env['RECTO_CONFIG_DIR']

  beforeAll(() => {
    mkdirSync(folder)
    mkdirSync(config)
    for (const name of SUBSET) copyFileSync(corpusPdf(name), join(folder, name))
    // The throughput as a stored measurement: the plan then reads no page by OCR, whichever
    // backend this machine has.
    writeFileSync(join(config, 'ocr-throughput.json'), JSON.stringify(STORED))
    writeFileSync(
      join(config, 'pricing.json'),
      JSON.stringify({ schemes: [{ name: 'flat', tokensPerPage: 1000, inputPricePerMillion: 2 }] })
    )
    process.env['RECTO_CONFIG_DIR'] = config
  })
  afterAll(() => {
    if (saved === undefined) delete process.env['RECTO_CONFIG_DIR']
    else process.env['RECTO_CONFIG_DIR'] = saved
    tmp.remove()
  })

  it("counts pages by recto check's decisions, with repair taken out of its review and ocr", () => {
    const run = recto('plan', folder, '--json')
    expect(run.status).toBe(0)
    expect(run.stderr).toMatch(
      /^recto: .*password-example\.pdf: encrypted with an unknown password\n$/u
    )
    const plan = PlanSummary.parse(JSON.parse(run.stdout))
    const expected = { ok: 0, review: 0, ocr: 0 }
    let documents = 0
    for (const name of SUBSET) {
      const check = recto('check', join(folder, name), '--json')
      if (check.status !== 0) continue
      documents++
      for (const page of JSON.parse(check.stdout) as PageCheck[]) expected[page.decision]++
    }
    expect(plan.check).toEqual(expected)
    expect(plan.documents).toBe(documents)
    const { ok, review, repair, ocr } = plan.decisions
    expect(ok.pages).toBe(expected.ok)
    expect(review.pages + repair.pages + ocr.pages).toBe(expected.review + expected.ocr)
    expect(plan.pages).toBe(expected.ok + expected.review + expected.ocr)
    // TAMReview's pages have one fault, a font without /ToUnicode: repair, not OCR.
    expect(repair.pages).toBeGreaterThanOrEqual(20)
    expect(ocr.pages).toBeGreaterThan(0)
    expect(ok.share + review.share + repair.share + ocr.share).toBeCloseTo(1, 10)
    // The stored throughput gives the time; the pricing file the costs.
    const perPage = STORED[plan.ocr.backend as keyof typeof STORED].secondsPerPage
    expect(plan.ocr).toMatchObject({
      pages: ocr.pages,
      secondsPerPage: perPage,
      measured: 'by hand'
    })
    expect(plan.ocr.seconds).toBeCloseTo(ocr.pages * perPage, 6)
    const failing = plan.pages - ok.pages
    expect(plan.vision!.schemes).toEqual([
      {
        name: 'flat',
        failing: {
          pages: failing,
          inputTokens: failing * 1000,
          outputTokens: 0,
          cost: failing * 0.002
        },
        all: {
          pages: plan.pages,
          inputTokens: plan.pages * 1000,
          outputTokens: 0,
          cost: plan.pages * 0.002
        }
      }
    ])

    // The project's plan, from what the ingest stored, is the same.
    const db = join(tmp.dir, 'project.recto')
    expect(recto('ingest', folder, '--db', db, '--workers', '2').status).toBe(0)
    const fromProject = PlanSummary.parse(JSON.parse(recto('plan', '--db', db, '--json').stdout))
    expect(fromProject).toEqual(plan)

    const table = recto('plan', '--db', db).stdout
    expect(table).toContain(`repair     ${String(repair.pages).padStart(4)}`)
    expect(table).toMatch(/^OCR: \d+ pages x \d+\.\d\d s = /mu)
    expect(table).toMatch(/^ {2}flat: \d+\.\d\d \(/mu)
  })

  it('measures OCR on a page that needs it, once, and keeps the figure', () => {
    const own = join(tmp.dir, 'own-config')
    mkdirSync(own)
    process.env['RECTO_CONFIG_DIR'] = own
    try {
      const file = writePartScannedPdf(tmp.dir)
      const run = recto('plan', file, '--json', '--ocr-backend', 'tesseract.js')
      expect(run).toMatchObject({ status: 0, stderr: '' })
      const plan = PlanSummary.parse(JSON.parse(run.stdout))
      expect(plan.ocr).toMatchObject({ pages: 1, backend: 'tesseract.js' })
      expect(plan.ocr.measured).toMatch(/ on part-scanned\.pdf page 2$/u)
      expect(plan.ocr.seconds).toBe(plan.ocr.secondsPerPage)
      const stored = join(own, 'ocr-throughput.json')
      const kept = JSON.parse(readFileSync(stored, 'utf8')) as Record<string, unknown>
      expect(kept['tesseract.js']).toEqual({
        backend: 'tesseract.js',
        secondsPerPage: plan.ocr.secondsPerPage,
        measured: plan.ocr.measured
      })
      // The next plan takes the stored figure and leaves the file as it was.
      const before = statSync(stored).mtimeMs
      const again = PlanSummary.parse(
        JSON.parse(recto('plan', file, '--json', '--ocr-backend', 'tesseract.js').stdout)
      )
      expect(again.ocr).toEqual(plan.ocr)
      expect(statSync(stored).mtimeMs).toBe(before)
      expect(again.visionNote).toBe(
        `no pricing file (${join(own, 'pricing.json')}): vision-model costs not estimated`
      )
    } finally {
      process.env['RECTO_CONFIG_DIR'] = config
    }
  })

  it('names a pricing file it cannot use, and refuses a plan of nothing', () => {
    const bad = join(tmp.dir, 'bad.json')
    writeFileSync(bad, JSON.stringify({ schemes: [] }))
    const run = recto('plan', folder, '--pricing', bad)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^recto: .*bad\.json: schemes: .+\n$/u)
    expect(recto('plan').status).toBe(2)
    expect(recto('plan', folder, '--db', 'x.recto').status).toBe(2)
  })
})
