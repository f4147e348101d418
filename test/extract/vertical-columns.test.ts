import { describe, expect, it } from 'vitest'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const gazette = (): string[] =>
  layoutOf(corpusPdf('pdfminer__kampo.pdf')).blocks.map((b) => drawnText(b).replace(/\s+/g, ''))

describe('mergeVerticalColumns', () => {
  it('keeps a column of vertical Japanese whole across its punctuation', () => {
    const blocks = gazette()
    // MuPDF cut this column into nine blocks at its brackets and commas.
    expect(blocks).toContainEqual(
      expect.stringContaining(
        '第二条第一項の表の青色の灯火の項第三号中「含む。）」を「含む。青色の灯火の矢印の項を除き、'
      )
    )
    expect(blocks).not.toContain('「')
    expect(blocks).not.toContain('、')
  })

  it('leaves apart the columns of separate samples and horizontal text', () => {
    const layout = layoutOf(corpusPdf('pdfjs__issue6387.pdf'))
    const samples = layout.blocks.filter((b) =>
      drawnText(b).replace(/\s+/g, '').includes('あのイーハトーヴォ')
    )
    expect(samples).toHaveLength(9)
  })
})
