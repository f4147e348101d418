import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { ocrAnalysis } from '../../src-main/cli/ocr-analysis.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { drawnText } from '../../src-main/shared/layout.js'
import { tempDir } from '../helpers/db.js'
import { SCANNED_LINES } from '../helpers/layer-lines.js'
import { writeStyledScan, type ScannedLine } from '../helpers/layered-scan.js'

// OCR takes seconds a page, many more on a busy machine: a wait for the result, not a speed target.
const OCR_TIMEOUT = 300_000

const dir = tempDir('recto-ocr-roles-')
afterAll(() => dir.remove())

const body = (top: number, lines = SCANNED_LINES): ScannedLine[] =>
  lines.map((text, i) => ({ text, x: 56, y: top + i * 16, size: 11 }))

async function readWithOcr(file: string) {
  const pdf = openPdf(readFileSync(file))
  const analysis = (() => {
    try {
      return analyzeDocument(pdf)
    } finally {
      closePdf(pdf)
    }
  })()
  return ocrAnalysis(file, analysis, { backend: null, languages: ['eng'] })
}

/** The role of the OCR'd block whose text holds `words`. */
function roleOf(page: Awaited<ReturnType<typeof readWithOcr>>['pages'][number], words: string) {
  const block = page.layout.blocks.find((b) => drawnText(b).includes(words))
  expect(block, words).toBeDefined()
  return page.analysis.roles[block!.id]
}

describe('roles on OCR pages', { timeout: OCR_TIMEOUT }, () => {
  it('a single-page scan: headings by their type size, folio and fax stamp out of the text', async () => {
    const file = writeStyledScan(dir.dir, 'fax.pdf', [
      [
        { text: '14/09/16 20:42', x: 30, y: 24, size: 8 },
        { text: 'Harbour Report', x: 56, y: 110, size: 22, bold: true },
        ...body(150),
        { text: 'The New Quay', x: 56, y: 300, size: 16, bold: true },
        ...body(330, SCANNED_LINES.slice(0, 5)),
        { text: 'Page 3 of 5', x: 270, y: 810, size: 9 }
      ]
    ])
    const [page] = (await readWithOcr(file)).pages
    const { text } = page!.analysis
    expect(page!.layout.ocr).toMatchObject({ scope: 'page' })
    expect(text).not.toContain('20:42')
    expect(text).not.toContain('Page 3')
    expect(text.startsWith('Harbour Report')).toBe(true)
    expect(roleOf(page!, 'Harbour Report')).toBe('heading')
    expect(roleOf(page!, 'The New Quay')).toBe('heading')
    expect(roleOf(page!, 'harbour master counted')).toBe('body')
    // The body's type is read at about its size in points (11), the headings' above it.
    const sizeOf = (words: string) =>
      page!.layout.blocks.find((b) => drawnText(b).includes(words))!.lines[0]!.spans[0]!.size
    expect(sizeOf('harbour master counted')).toBeGreaterThan(10)
    expect(sizeOf('harbour master counted')).toBeLessThan(12.5)
    expect(sizeOf('Harbour Report')).toBeGreaterThan(18)
  })

  it('scans of several pages: the running head and folios leave, the headings stay', async () => {
    const headings = ['The Old Quay', 'Fishing Boats', 'A New Railway']
    const page = (n: number): ScannedLine[] => [
      { text: 'HARBOUR TRUST ANNUAL REPORT', x: 56, y: 40, size: 9 },
      { text: headings[n - 1]!, x: 56, y: 110, size: 18, bold: true },
      ...body(150),
      { text: String(n + 10), x: 290, y: 800, size: 10 }
    ]
    const file = writeStyledScan(dir.dir, 'report.pdf', [page(1), page(2), page(3)])
    const read = await readWithOcr(file)
    expect(read.stats.running?.length).toBeGreaterThan(0)
    for (const [i, scan] of read.pages.entries()) {
      expect(scan.analysis.text).not.toContain('ANNUAL REPORT')
      const folio = scan.layout.blocks.find((b) => drawnText(b).trim() === String(i + 11))
      expect(scan.analysis.roles[folio!.id]).toBe('footer')
      expect(scan.analysis.text.trim().endsWith('south.')).toBe(true)
      expect(scan.analysis.text).toContain('harbour master counted')
      expect(roleOf(scan, headings[i]!)).toBe('heading')
    }
  })
})
