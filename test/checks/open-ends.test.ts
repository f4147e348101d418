import { describe, expect, it } from 'vitest'
import { openEnds } from '../../src-main/checks/open-ends.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { variedBooklet } from '../helpers/varied-layouts.js'

describe('a sentence left open', () => {
  it.each([
    // eval-queue-vary.ts seeds 10 and 22: four-column booklets read a band at a time, 10019
    // rated ok with two tests failing before. (10007 now reads right: layout/overrun-columns.ts.)
    [10019, '…before the doors are" then "Empty bakery. The"'],
    [22009, '…lowers" then "Crowded council. Storms"']
  ])('flags booklet %i, whose column ends mid-sentence before a block of another', (seed, says) => {
    const drawn = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
    const flag = analysis.flags.find((f) => f.code === 'order_suspect')
    expect(flag?.message).toContain(`a sentence is left open ("${says})`)
    expect(flag?.evidence).toMatchObject({ openEnds: 1 })
    expect(analysis.decision).not.toBe('ok')
  })

  it('leaves alone columns read right, whose sentences go on at the next column’s top', () => {
    // tracemonkey's two columns of running text, many a column ending mid-sentence.
    for (const page of [1, 2, 3, 4, 5, 6]) {
      expect(openEnds(checkInput(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), page)))).toEqual([])
    }
  })

  it('leaves alone a table or a list whose entries end without a stop', () => {
    // A medical table in two columns ("…high risk of amblyopia" / "Cardiovascular system") and
    // a list of states ("…Virginia, West Virginia" / "CGS Administrators, LLC").
    const table = layoutOf(corpusPdf('olmocr__pdftotext_two_column_issue.pdf'), 4)
    expect(openEnds(checkInput(table))).toEqual([])
    const list = layoutOf(corpusPdf('pymupdf__cms-etc-filled.pdf'), 12)
    expect(openEnds(checkInput(list))).toEqual([])
  })
})
