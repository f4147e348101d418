import { describe, expect, it } from 'vitest'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('mergeVerticalParagraphs', () => {
  const blocks = (): string[] =>
    layoutOf(corpusPdf('pdfminer__kampo.pdf')).blocks.map((b) => drawnText(b).replace(/\s+/g, ''))

  it('makes the full columns of one paragraph one block', () => {
    // The preamble runs over six columns of the top tier.
    expect(blocks()).toContainEqual(
      expect.stringMatching(
        /^内閣は、道路交通法の一部を改正する法律.*並びに道路交通法.*この政令を制定する。$/u
      )
    )
  })

  it('ends a paragraph at a short column and at a full stop at the foot of a column', () => {
    const all = blocks()
    expect(all).toContain('政令第百四十九号')
    expect(all).toContain(
      '道路交通法施行令（昭和三十五年政令第二百七十号）の一部を次のように改正する。'
    )
    expect(all).toContain('第十六条中第二号を削り、第三号を第二号とする。')
  })
})
