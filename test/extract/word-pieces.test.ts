import { describe, expect, it } from 'vitest'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { documentPageText, layoutOf } from '../helpers/pages.js'

describe('joinWordPieces', () => {
  // not_parsing2 draws every word gap as a space at size 0, in a font of its own.
  const path = corpusPdf('olmocr__not_parsing2.pdf')

  it('joins the one-word lines of a row, and the blocks MuPDF ended mid-row, into one paragraph', () => {
    const layout = layoutOf(path, 2)
    const paragraph = layout.blocks
      .map((b) => drawnText(b).replace(/\s+/g, ' '))
      .find((t) => t.includes('This mechanism is comparable'))
    expect(paragraph).toContain(
      'histi- dine (His) and one amino acid with acid characteristic, aspartic acid (Asp), all connected by hydrogen bonds.8'
    )
    // Its spaces count at the size of their words, as the body size and the row heights read them.
    const spans = layout.blocks.flatMap((b) =>
      b.lines.filter((l) => l.spans.some((s) => s.text.trim() !== '')).flatMap((l) => l.spans)
    )
    expect(Math.min(...spans.map((s) => s.size))).toBeGreaterThan(5)
  })

  it('reads such a page as prose: hyphens mended, a row label with its date', () => {
    expect(documentPageText(path, 2)).toContain(
      'Industrial l-asparaginase production presents some challenges, such as the search'
    )
    const first = documentPageText(path, 1)
    expect(first).toContain('article info')
    expect(first).toContain('Received 22 August 2016')
  })
})
