import type { ReviewState, Revision } from '../store/revisions.js'

export const UNDO = 'undo'
export const REDO = 'redo'

export type UndoStack = Readonly<{
  /** The states undo walks back through, oldest first; the last is the page's state now. */
  done: readonly ReviewState[]
  /** States undone since the last edit, the next to redo last. */
  undone: readonly ReviewState[]
}>

/**
 * Undo and redo are revisions too (nothing is ever lost), so the stacks are replayed from the
 * history: an edit pushes its state and forgets what was undone; `undo` moves the top state to
 * the redo stack; `redo` moves it back.
 */
export function undoStack(base: ReviewState, history: readonly Revision[]): UndoStack {
  const done: ReviewState[] = [base]
  const undone: ReviewState[] = []
  for (const revision of history) {
    if (revision.action === UNDO) {
      const top = done.length > 1 ? done.pop() : undefined
      if (top) undone.push(top)
    } else if (revision.action === REDO) {
      const next = undone.pop()
      if (next) done.push(next)
    } else {
      done.push(revision.state)
      undone.length = 0
    }
  }
  return { done, undone }
}

export function canUndo(stack: UndoStack): boolean {
  return stack.done.length > 1
}

export function canRedo(stack: UndoStack): boolean {
  return stack.undone.length > 0
}

/** The state an undo returns to, if any. */
export function undoTarget(stack: UndoStack): ReviewState | undefined {
  return stack.done.length > 1 ? stack.done[stack.done.length - 2] : undefined
}

export function redoTarget(stack: UndoStack): ReviewState | undefined {
  return stack.undone.at(-1)
}
