import { describe, expect, it } from 'vitest'
import { pairFormLabels } from '../../src-main/layout/form-labels.js'
import type { Block } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { documentPageText } from '../helpers/pages.js'

/** One-line blocks at the given left edge and top, 10 pt tall, in the order listed. */
function cells(...specs: ReadonlyArray<readonly [string, number, number]>): Block[] {
  return specs.map(([text, x, y], id) => {
    const bbox = [x, y, x + 60, y + 10] as const
    const span = { text, bbox, font: 'F', size: 9, bold: false, italic: false, mono: false }
    return { id, bbox, lines: [{ bbox, wmode: 0, dir: [1, 0], spans: [{ ...span, charX: [] }] }] }
  })
}

describe('pairFormLabels', () => {
  it('reads each label of a row of form fields above the value under it', () => {
    // The shipping form's fields are a table region (layout/table-regions.ts): a row of labels,
    // then the row of their values, each value in its label's column.
    const text = documentPageText(corpusPdf('pymupdf__test_3854.pdf'), 1)
    expect(text).toContain(
      'Ocean Vessel/Voy(船名航次):\tPort of Loading(起运港):\n/\tXINGANG,CHINA'
    )
  })

  it('leaves a table whose header cells end in colons row by row', () => {
    const table = cells(
      ['Name:', 100, 100],
      ['Date:', 200, 100],
      ['Alice', 100, 114],
      ['2020', 200, 114],
      ['Bob', 100, 128],
      ['2021', 200, 128]
    )
    expect(pairFormLabels([0, 1, 2, 3, 4, 5], table)).toEqual([0, 1, 2, 3, 4, 5])
    // One row of values under the labels: a form's fields.
    expect(pairFormLabels([0, 1, 2, 3], table.slice(0, 4))).toEqual([0, 2, 1, 3])
  })
})
