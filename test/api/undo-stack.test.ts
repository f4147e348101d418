import { describe, expect, it } from 'vitest'
import {
  canRedo,
  canUndo,
  redoTarget,
  undoStack,
  undoTarget
} from '../../src-main/api/undo-stack.js'
import type { ReviewState, Revision } from '../../src-main/store/revisions.js'

const state = (text: string): ReviewState => ({
  order: [0, 1],
  excluded: [],
  blockText: {},
  text,
  status: 'unreviewed'
})

let id = 0
const revision = (action: string, text: string): Revision => ({
  id: ++id,
  documentId: 1,
  page: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: 'tester',
  action,
  state: state(text),
  batchId: null
})

describe('undo stack replayed from the history', () => {
  const base = state('extracted')

  it('has nothing to undo before the first edit', () => {
    const stack = undoStack(base, [])
    expect(canUndo(stack)).toBe(false)
    expect(canRedo(stack)).toBe(false)
  })

  it('walks back and forth through the edits', () => {
    const history = [revision('edit', 'a'), revision('edit', 'b'), revision('undo', 'a')]
    const stack = undoStack(base, history)
    expect(undoTarget(stack)?.text).toBe('extracted')
    expect(redoTarget(stack)?.text).toBe('b')
  })

  it('forgets what was undone once a new edit is made', () => {
    const history = [revision('edit', 'a'), revision('undo', 'extracted'), revision('edit', 'c')]
    const stack = undoStack(base, history)
    expect(canRedo(stack)).toBe(false)
    expect(undoTarget(stack)?.text).toBe('extracted')
  })

  it('redoes in the order things were undone', () => {
    const history = [
      revision('edit', 'a'),
      revision('edit', 'b'),
      revision('undo', 'a'),
      revision('undo', 'extracted'),
      revision('redo', 'a')
    ]
    const stack = undoStack(base, history)
    expect(stack.done.map((s) => s.text)).toEqual(['extracted', 'a'])
    expect(redoTarget(stack)?.text).toBe('b')
  })
})
