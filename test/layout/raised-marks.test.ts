import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, textWidth } from '../helpers/drawn-pdf.js'
import { analysisOf } from '../helpers/pages.js'

describe('a note mark set as a line of its own', () => {
  it('stays after the word it is raised over (dmca)', () => {
    const pages = analysisOf(corpusPdf('pdfminer__dmca.pdf')).pages
    const first = pages[0]!.analysis.text
    expect(first).toContain('Copyright Act (DMCA)1 was signed into law by President Clinton')
    expect(first).not.toContain('by1 President')
    const text = pages.map((p) => p.analysis.text).join('\n')
    expect(text).toContain('unauthorized copying2 of a copyrighted work')
    expect(text).toContain('section 512 to the Copyright Act3 to create four new limitations')
  })

  it('stays after its word on a generated page', () => {
    const line = 'The Act (DMCA) was signed into law by the President.'
    const mark = 72 + textWidth('The Act (DMCA)', 12)
    const text = analysisOfDrawn([
      {
        runs: [
          { x: 72, y: 700, text: line, size: 12 },
          { x: mark, y: 705, text: '12', size: 7 }
        ]
      }
    ]).pages[0]!.analysis.text
    expect(text).toContain('The Act (DMCA)12 was signed into law by the President.')
  })
})
