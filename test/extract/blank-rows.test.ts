import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { drawnText } from '../../src-main/shared/layout.js'
import { analysisOf, documentPageText, layoutOf } from '../helpers/pages.js'

describe('splitAtBlankRows', () => {
  it('parts a running head typed above an empty line from the paragraph under it', () => {
    const analysis = analysisOf(corpusPdf('pymupdf__test_3842.pdf'))
    const page = analysis.pages.find((p) => p.layout.page === 3)!
    const texts = page.layout.blocks.map(drawnText)
    const head = texts.findIndex((t) => t.startsWith('NIST SP 800-223'))
    expect(texts[head]).toContain('February 2024')
    expect(texts[head]).not.toContain('Certain commercial entities')
    expect(page.analysis.roles[page.layout.blocks[head]!.id]).toBe('header')
    expect(page.analysis.text).toMatch(/^Certain commercial entities/)
  })

  it('starts a paragraph where the page leaves an empty line', () => {
    const text = documentPageText(corpusPdf('pdfbox__eu-001.pdf'), 1)
    expect(text).toMatch(
      /^E-PRTR pollutants and their thresholds\n\nA facility has to report data under E-PRTR/
    )
  })

  it('does not take the zero-size spaces of an OCR layer for empty lines', () => {
    const layout = layoutOf(corpusPdf('olmocr__not_parsing2.pdf'), 3)
    const lines = layout.blocks.map((b) =>
      b.lines.map((l) => l.spans.map((s) => s.text).join('')).join('')
    )
    const block = lines.find((t) => t.includes('are the only'))
    expect(block).toContain('preparation available for medical use')
  })
})
