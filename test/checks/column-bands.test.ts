import { describe, expect, it } from 'vitest'
import { columnsLeft } from '../../src-main/checks/column-bands.js'
import type { BBox, Block } from '../../src-main/shared/layout.js'
import { readInOrder } from '../helpers/check-input.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { flat } from '../helpers/prose.js'
import { textLine } from '../helpers/store-pages.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { expectInOrder } from '../layout/order-helpers.js'

const WORDS =
  'the keepers measured the small harbour every spring and then mapped the lighthouse of the ' +
  'flooded chapel while the volunteers repaired the old bridge before the war'

/** A paragraph of prose filling `box` a line every 12 pt, its heading `name`. */
function paragraph(id: number, name: string, box: BBox): Block {
  const rows = Math.floor((box[3] - box[1]) / 12)
  const text = `${name}. ${WORDS} ${WORDS}.`
  const per = Math.ceil(text.length / rows)
  const lines = Array.from({ length: rows }, (_, i) => {
    const bbox: BBox = [box[0], box[1] + i * 12, box[2], box[1] + i * 12 + 10]
    return textLine(text.slice(i * per, (i + 1) * per), bbox)
  })
  return { id, bbox: box, lines }
}

describe('columnsLeft', () => {
  // Two columns of two paragraphs each, the right column's first paragraph level with the
  // left column's first and running down beside its second.
  const page = (rightTop: BBox) => [
    paragraph(0, 'Narrow factory', [72, 100, 290, 280]),
    paragraph(1, 'Empty station', [72, 300, 290, 480]),
    paragraph(2, 'Broken canal', rightTop),
    paragraph(3, 'Quiet orchard', [320, 400, 540, 580])
  ]

  it('finds a paragraph of the next column read between two of one column', () => {
    const [found] = columnsLeft(readInOrder(page([320, 100, 540, 380]), [0, 2, 1, 3]))
    expect(found?.early).toMatch(/^Broken canal\. /)
    expect(found?.left).toMatch(/^Empty station\. /)
    expect(found?.bbox).toEqual([320, 100, 540, 380])
    // Read a column at a time: nothing to say.
    expect(columnsLeft(readInOrder(page([320, 100, 540, 380]), [0, 1, 2, 3]))).toEqual([])
  })

  it('leaves alone a page read a band at a time where whitespace crosses the page', () => {
    // The right column's first paragraph ends above the left's second, and nothing crosses the
    // rows between: the page may be two bands of two columns.
    expect(columnsLeft(readInOrder(page([320, 100, 540, 280]), [0, 2, 1, 3]))).toEqual([])
  })

  it.each([
    // eval-queue-vary.ts booklets whose second column's paragraphs were read between the
    // first's, each flagged here. 4003 and 17003 read their columns in order once the heading
    // running over the gutter no longer held the columns together (layout/overrun-columns.ts);
    // 7006 once its gutter box's "!" was taken out with its label (extract/side-boxes.ts). 16014
    // and 6017 do now: a paragraph's narrow Courier rows are counted whole, not a line per word,
    // where its heading overruns the gutter (layout/overrun-columns.ts).
    16014, 6017
  ])('reads booklet %i column by column, nothing left for this check', (seed) => {
    const drawn = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
    expectInOrder(flat(analysis.text), drawn.paragraphs.map(flat))
    const flag = analysis.flags.find((f) => f.code === 'order_suspect')
    expect(flag?.message ?? '').not.toContain('a paragraph of the next column is read inside')
  })
})
