import { fc, test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { splitBlockColumns } from '../../src-main/extract/block-columns.js'
import { boundsOf, type Block, type Line, type PageLayout } from '../../src-main/shared/layout.js'
import { layoutArbitrary } from '../helpers/layout-arbitrary.js'
import { propertyRuns } from '../helpers/property-runs.js'

/**
 * The page's lines as MuPDF gives them from a producer that fills its columns at once: one
 * block of every line, in rows across the columns (`merged`), or a block for each row's run
 * of lines (`rows`), or as drawn (`blocks`).
 */
function asDrawn(layout: PageLayout, shape: 'merged' | 'rows' | 'blocks'): Block[] {
  if (shape === 'blocks') return [...layout.blocks]
  const lines = layout.blocks
    .flatMap((b) => b.lines)
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
  const block = (id: number, ls: readonly Line[]): Block => ({
    id,
    bbox: boundsOf(ls.map((l) => l.bbox)),
    lines: ls
  })
  if (shape === 'merged') return lines.length === 0 ? [] : [block(0, lines)]
  const rows: Line[][] = []
  for (const line of lines) {
    const row = rows[rows.length - 1]
    if (row && Math.abs(row[0]!.bbox[1] - line.bbox[1]) < 1) row.push(line)
    else rows.push([line])
  }
  return rows.map((row, id) => block(id, row))
}

describe('column detection over generated layouts', () => {
  test.prop(
    [layoutArbitrary({ maxBlocks: 10 }), fc.constantFrom('merged', 'rows', 'blocks')],
    propertyRuns(100)
  )('puts every line in exactly one block, numbered anew in order', (layout, shape) => {
    const blocks = asDrawn(layout, shape)
    const split = splitBlockColumns(blocks)
    const given = blocks.flatMap((b) => b.lines)
    const placed = split.flatMap((b) => b.lines)
    expect(placed).toHaveLength(given.length)
    expect(new Set(placed).size).toBe(placed.length)
    for (const line of given) expect(placed).toContain(line)
    expect(split.map((b) => b.id)).toEqual(split.map((_, i) => i))
    for (const block of split) expect(block.lines.length).toBeGreaterThan(0)
  })
})
