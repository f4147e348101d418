import { test } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { readingOrder } from '../../src-main/layout/order.js'
import { layoutArbitrary } from '../helpers/layout-arbitrary.js'
import { propertyRuns } from '../helpers/property-runs.js'

describe('reading order over generated layouts', () => {
  test.prop([layoutArbitrary()], propertyRuns(150))(
    'is a permutation of the page blocks, whatever the drawing order and the tags',
    (layout) => {
      const order = readingOrder(layout)
      expect([...order].sort((a, b) => a - b)).toEqual(layout.blocks.map((b) => b.id))
    }
  )

  test.prop([layoutArbitrary({ maxColumns: 1 })], propertyRuns(60))(
    // Paragraphs end their sentences (layout-arbitrary.ts): a block set small that cut one
    // would be read after it, as a footnote is (page-order.ts).
    'reads one column of untagged paragraphs top to bottom',
    (layout) => {
      const untagged = { ...layout, structureOrder: null }
      const tops = readingOrder(untagged)
        .map((id) => layout.blocks[id]!)
        .filter((b) => b.bbox[1] > 60 && b.bbox[1] < layout.height - 60)
        .map((b) => b.bbox[1])
      expect(tops).toEqual([...tops].sort((a, b) => a - b))
    }
  )
})
