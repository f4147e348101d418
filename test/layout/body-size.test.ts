import { expect } from 'vitest'
import { fc, test } from '@fast-check/vitest'
import type { Block } from '../../src-main/shared/layout.js'
import { medianSize } from '../../src-main/layout/body-size.js'
import { propertyRuns } from '../helpers/property-runs.js'

/** The median as first written: every span sorted by size, walked to the middle character. */
function medianBySortedSpans(blocks: readonly Block[]): number {
  const spans = blocks
    .flatMap((b) => b.lines.flatMap((l) => l.spans))
    .map((s) => ({ size: s.size, chars: Math.min(s.text.length, 200) }))
    .filter((s) => s.chars > 0)
    .sort((a, b) => a.size - b.size)
  let rank = Math.floor(spans.reduce((sum, s) => sum + s.chars, 0) / 2)
  for (const span of spans) {
    if (rank < span.chars) return span.size
    rank -= span.chars
  }
  return 10
}

// Font sizes: a few a page, shared by many spans, and now and then one of its own.
const size = fc.oneof(
  fc.constantFrom(6, 8, 9.96, 10, 10.000001, 12, 14.35),
  fc.double({ min: 0.5, max: 96, noNaN: true })
)
// Text lengths around the 200 characters a span counts for at most, and empty spans.
const span = fc.record({ size, text: fc.nat({ max: 320 }).map((n) => 'x'.repeat(n)) })
const block = fc
  .array(fc.array(span, { maxLength: 8 }), { maxLength: 6 })
  .map((lines) => ({ lines: lines.map((spans) => ({ spans })) }) as unknown as Block)

test.prop([fc.array(block, { maxLength: 6 })], propertyRuns(3000))(
  'medianSize gives the size that sorting every span by size and walking to the middle gives',
  (blocks) => {
    expect(medianSize(blocks)).toBe(medianBySortedSpans(blocks))
  }
)
