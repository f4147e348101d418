import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { DENSE_BOOKLET, denseBookletPage } from '../helpers/leaflet-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'

describe('splitAtParagraphStarts', () => {
  it('parts paragraphs set solid where the print starts them: a bold run-in heading, an indent', () => {
    // MuPDF gives each column of the booklet two blocks, the second running two paragraphs
    // together ("… any tax unpaid. Where to file. Mail the return …").
    const { analysis } = analysisOfDrawn([denseBookletPage()]).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    for (const [heading, text] of DENSE_BOOKLET.columns.flat()) {
      expect(paragraphs).toContain(flat(`${heading} ${text}`))
    }
  })

  it('keeps a paragraph whole where a sentence ends a line and the next starts at the edge', () => {
    // Sentences that end at a line's end, the next line plain at the margin: one paragraph.
    const sentences = `${PROSE.harbour} ${PROSE.orchard} ${PROSE.railway}`
    const lines = column(sentences, 72, 700, 200, 10, 12)
    const runs: Run[] = lines.map((line) => ({ ...line, wordSpacing: 0 }))
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(flat(analysis.text)).toBe(flat(sentences))
    expect(analysis.text).not.toContain('\n\n')
  })
})
