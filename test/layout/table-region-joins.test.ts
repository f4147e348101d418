import { expect } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Block, PageLayout } from '../../src-main/shared/layout.js'
import { boundsOfIds } from '../../src-main/layout/table-region-joins.js'

const edge = fc.oneof(
  fc.double({ min: -1000, max: 1000, noNaN: true }),
  fc.constantFrom(0, -0, NaN, Infinity, -Infinity)
)
const box = fc.tuple(edge, edge, edge, edge)

/** A page of blocks with the given boxes and nothing else: boundsOfIds reads only their boxes. */
function pageOf(boxes: ReadonlyArray<readonly [number, number, number, number]>): PageLayout {
  const blocks = boxes.map((bbox, id) => ({ id, bbox, lines: [] }) as unknown as Block)
  return { blocks } as unknown as PageLayout
}

test.prop([fc.array(box, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 40 })], {
  numRuns: 5000
})(
  'boundsOfIds gives the bounds Math.min and Math.max give over every edge of the blocks named',
  (boxes, picks) => {
    const ids = boxes.length === 0 ? [] : picks.map((p) => p % boxes.length)
    const chosen = ids.map((id) => boxes[id]!)
    expect(boundsOfIds(pageOf(boxes), ids)).toEqual([
      Math.min(...chosen.map((b) => b[0])),
      Math.min(...chosen.map((b) => b[1])),
      Math.max(...chosen.map((b) => b[2])),
      Math.max(...chosen.map((b) => b[3]))
    ])
  }
)
