import { describe, expect, it } from 'vitest'
import { elementsOf } from '../../src-main/layout/elements.js'
import { blockText, joinWithTables } from '../../src-main/layout/page-text.js'
import type { Table } from '../../src-main/layout/table-cells.js'
import type { BBox, Block } from '../../src-main/shared/layout.js'
import { textLine } from '../helpers/store-pages.js'

/** A block of list items, one a line, from y `top`, 12 pt apart. */
function items(id: number, top: number, texts: readonly string[]): Block {
  const boxes = texts.map((_, i): BBox => [72, top + i * 12, 300, top + 10 + i * 12])
  return {
    id,
    bbox: [72, top, 300, top + 10 + (texts.length - 1) * 12],
    lines: texts.map((t, i) => textLine(t, boxes[i]!))
  }
}

// Two list blocks one under the other; the table check read the first as a table of markers
// and items (cms-etc-filled p6 before its bullets were read as a list, leaflet 241).
const first = items(0, 100, ['• Date of service', '• Place of service'])
const second = items(1, 126, ['• Description of illness or injury', '• Charge for each service'])
const kept = [first, second].map((block) => ({ block, role: 'list' as const }))
const table: Table = {
  blocks: [0],
  bbox: first.bbox,
  rows: 2,
  columns: 2,
  headerRows: 0,
  cells: ['Date of service', 'Place of service'].flatMap((text, row) => [
    { row, column: 0, rowSpan: 1, colSpan: 1, text: '•', bbox: [72, 100, 76, 110] as const },
    { row, column: 1, rowSpan: 1, colSpan: 1, text, bbox: [84, 100, 300, 110] as const }
  ])
}

describe('joinWithTables', () => {
  it('writes the list blocks after a table’s block that began their run', () => {
    const text = joinWithTables(kept, [table], blockText)
    expect(text).toBe(
      '•\tDate of service\n•\tPlace of service\n\n' +
        '• Description of illness or injury\n• Charge for each service'
    )
  })

  it('starts no list at a block read with a table, nor runs one through it', () => {
    const inTable = (id: number) => id === 0
    const elements = elementsOf(kept, () => undefined, inTable)
    expect([...elements.keys()]).toEqual([1])
    // Without a table the two blocks are one list, started at the first.
    expect([...elementsOf(kept, () => undefined).keys()]).toEqual([0])
  })
})
