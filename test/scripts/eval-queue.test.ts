import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { generatedQueuePages } from '../../scripts/eval-queue-pages.js'
import { judged, queueLine, queueReport, type JudgedPage } from '../../scripts/eval-queue.js'

let pages: ReturnType<typeof generatedQueuePages> | undefined

/** A generated page judged as the script judges it: its tests on Recto's text, its decision. */
function judge(name: string): JudgedPage {
  pages ??= generatedQueuePages()
  const page = pages.find((p) => p.name === name)!
  const file = openPdf(page.bytes)
  try {
    const { analysis } = analyzeDocument(file).pages[0]!
    return judged(name, analysis.text, { page: 1, ...analysis }, page.tests)
  } finally {
    closePdf(file)
  }
}

describe('eval-queue', () => {
  it('counts a page read wrong as bad, and reports whether the queue caught it', () => {
    const bad = judge('replacement-in-a-word')
    const clean = judge('clean: two columns 18 pt apart')
    expect(bad.failed.length).toBeGreaterThanOrEqual(2)
    expect(bad.decision).toBe('review')
    expect(clean.failed).toEqual([])
    expect(queueLine([bad, clean])).toBe(
      'bad pages (≥2 failing tests) rated ok: 0 of 1; caught: 1 of 1; clean pages (0 failing) not ok: 0 of 1'
    )
  })

  it('lists a bad page rated ok with the tests its text fails', () => {
    const missed: JudgedPage = { ...judge('replacement-in-a-word'), decision: 'ok', flags: [] }
    const report = queueReport('Missed', [missed]).join('\n')
    expect(report).toContain('- bad pages caught (not ok): 0 of 1 (0%)')
    expect(report).toContain('Bad pages rated ok:\n- replacement-in-a-word:\n  - present "')
  })
})
