import { describe, expect, it } from 'vitest'
import { describeChanges } from '../../src-main/api/revision-changes.js'
import type { BlockRole } from '../../src-main/shared/layout.js'
import type { ReviewState } from '../../src-main/store/revisions.js'

/** A page of blocks, each `[id, role, lines]`, in that order. */
function page(blocks: [number, BlockRole, [number, number][]][], text = 'text'): ReviewState {
  return {
    order: blocks.map(([id]) => id),
    excluded: [],
    blockText: {},
    text,
    status: 'unreviewed',
    structure: { blocks: blocks.map(([id, role, lines]) => ({ id, role, lines })) }
  }
}

describe('what a revision changed, in words', () => {
  it('calls a region drawn over a whole block a regrouping, not roles changed and a move', () => {
    const before = page([
      [0, 'heading', [[0, 0]]],
      [1, 'body', [[1, 0]]],
      [2, 'body', [[2, 0]]]
    ])
    // The region took every line of block 1: block 3 stands where block 1 stood.
    const after = page([
      [0, 'heading', [[0, 0]]],
      [3, 'body', [[1, 0]]],
      [2, 'body', [[2, 0]]]
    ])
    expect(describeChanges(before, after)).toEqual(['blocks regrouped: 3 → 3'])
  })

  it('names a role change and a move of the same blocks as such', () => {
    const before = page([
      [0, 'body', [[0, 0]]],
      [1, 'body', [[1, 0]]]
    ])
    const retitled = page([
      [0, 'heading', [[0, 0]]],
      [1, 'body', [[1, 0]]]
    ])
    expect(describeChanges(before, retitled)).toEqual(['block roles changed'])
    const swapped = { ...before, order: [1, 0] }
    expect(describeChanges(before, swapped)).toEqual(['order: 2 blocks moved'])
  })
})
