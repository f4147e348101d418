import { describe, expect, it } from 'vitest'
import { proseTables } from '../../src-main/checks/prose-tables.js'
import type { BBox, Block } from '../../src-main/shared/layout.js'
import { checkInput } from '../helpers/check-input.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { TABLE_KINDS, generatedTable } from '../helpers/generated-tables.js'
import { analysisOfBytes, layoutOfBytes } from '../helpers/made-pdf.js'
import { flat } from '../helpers/prose.js'
import { syntheticLayout, textLine } from '../helpers/store-pages.js'
import { variedBooklet } from '../helpers/varied-layouts.js'

/** Two columns' lines, each sentence running on from line to line. */
const LEFT = [
  'the builders extended the old quay',
  'along the flooded village in the',
  'long winter, and then rebuilt the',
  'market hall of the busy harbour'
]
const RIGHT = [
  'the keepers photographed the mill',
  'beside the western school, and the',
  'teachers described the library of',
  'the narrow station for the visitors'
]

describe('prose columns read as a table', () => {
  it('flags two columns of running text set a line to a cell, and marks where', () => {
    // Each line its own block, level with a line of the other column and a row's height from
    // the next: the blocks make a grid, which the text reads a row at a time. The layout reads
    // booklets whose columns lined up so (booklet 10009 of eval-queue-vary.ts seed 10) right
    // now; this is the check behind it.
    const cell = (id: number, text: string, x: number, row: number): Block => {
      const box: BBox = [x, 100 + row * 26, x + text.length * 4.6, 110 + row * 26]
      return { id, bbox: box, lines: [textLine(text, box)] }
    }
    const blocks = LEFT.flatMap((left, i) => [
      cell(2 * i, left, 72, i),
      cell(2 * i + 1, RIGHT[i]!, 310, i)
    ])
    const input = checkInput({ ...syntheticLayout(1, []), blocks })
    expect(input.text).toContain(`${LEFT[0]}\t${RIGHT[0]}`)
    const [table] = proseTables(input)
    expect(table?.row).toBe(`${LEFT[0]} | ${RIGHT[0]}`)
    expect(table?.rows).toBe(LEFT.length)
  })

  it("reads booklet 10009's columns, which lined up as rows of cells, as running text", () => {
    const drawn = variedBooklet(10009)
    const { analysis, layout } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
    expect(analysis.text).not.toContain('\t')
    expect(flat(analysis.text)).toContain('long winter, and then visited the village')
    expect(proseTables(checkInput(layout))).toEqual([])
  })

  it.each(TABLE_KINDS)('takes a %s table for a table', (kind) => {
    for (const seed of [1000, 1001, 1002]) {
      const bytes = generatedTable(kind, seed).bytes
      expect(proseTables(checkInput(layoutOfBytes(bytes)))).toEqual([])
      const { analysis } = analysisOfBytes(bytes).pages[0]!
      expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
    }
  })
})
