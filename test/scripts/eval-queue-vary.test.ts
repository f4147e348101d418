import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { judged, type JudgedPage } from '../../scripts/eval-queue.js'
import { paragraphTests, presentTests } from '../../scripts/eval-queue-pages.js'
import { kindTable } from '../../scripts/eval-queue-vary.js'
import { drawnPdf } from '../helpers/drawn-pdf.js'
import { variedPages, type VariedPage } from '../helpers/varied-layouts.js'

/** A varied page judged as the script judges it, in process: its tests on Recto's text. */
function judge(page: VariedPage): JudgedPage {
  const name = `${page.kind} ${page.seed}`
  const file = openPdf(drawnPdf([page.page], page.family))
  try {
    const { analysis } = analyzeDocument(file).pages[0]!
    const tests = [...paragraphTests(name, page.paragraphs), ...presentTests(name, page.boxes)]
    return judged(name, analysis.text, { page: 1, ...analysis }, tests)
  } finally {
    closePdf(file)
  }
}

describe('eval-queue-vary', () => {
  it('draws the same pages from the same seed, other pages from another', () => {
    const [a, b] = [variedPages(3, 1), variedPages(3, 1)]
    expect(a.map((p) => p.paragraphs)).toEqual(b.map((p) => p.paragraphs))
    expect(variedPages(3, 2)[0]!.paragraphs).not.toEqual(a[0]!.paragraphs)
    expect(a.map((p) => p.kind)).toEqual(['booklet', 'tri-fold', 'rotated-boxes'])
  })

  it('counts per kind the tests passed, the bad pages and those of them rated ok', () => {
    const pages = variedPages(3, 1)
    const [booklet, triFold, turned] = pages.map(judge)
    // The tri-fold made a bad page rated ok, as it was before its panels were cut apart.
    const missed = {
      ...triFold!,
      decision: 'ok',
      failed: pages[1]!.paragraphs
        .slice(0, 2)
        .map((text, i) => ({ pdf: 'tri-fold', page: 1, id: `t${i}`, type: 'present', text }))
    }
    const table = kindTable(pages, [booklet!, missed, turned!])
    const passed = missed.tests - 2
    expect(table).toContain(`| tri-fold | 1 | ${passed} of ${missed.tests} | 1 | 1 | 0 | 0 |`)
    const tests = booklet!.tests + missed.tests + turned!.tests
    const failed = booklet!.failed.length + 2 + turned!.failed.length
    expect(table.find((row) => row.startsWith('| all |'))).toMatch(
      new RegExp(`^\\| all \\| 3 \\| ${tests - failed} of ${tests} \\|`)
    )
  })
})
