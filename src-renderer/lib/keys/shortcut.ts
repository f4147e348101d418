/**
 * A key of a screen: what the help lists (`keys`, `does`) and what the screen runs. The help is
 * made from the same table the screen dispatches from, so it cannot leave a key out.
 */
export type Shortcut = Readonly<{
  /** The keys as the help shows them, e.g. `Alt+↑ / Alt+↓`. */
  keys: string
  does: string
  /**
   * Left out for a key that the focused field handles itself (Esc in the block editor): the help
   * lists it, the screen does not dispatch it.
   */
  matches?: (event: KeyboardEvent) => boolean
  run?: (event: KeyboardEvent) => void
}>

/** A plain key: no Ctrl, Cmd or Alt (Shift only as the key itself implies it, as for `?`). */
export function plain(...keys: string[]): (event: KeyboardEvent) => boolean {
  return (event) => !event.ctrlKey && !event.metaKey && !event.altKey && keys.includes(event.key)
}

/** Ctrl (Cmd on a Mac) with a letter, optionally with Shift. */
export function withCtrl(key: string, shift = false): (event: KeyboardEvent) => boolean {
  return (event) =>
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    event.shiftKey === shift &&
    event.key.toLowerCase() === key
}

export function withAlt(...keys: string[]): (event: KeyboardEvent) => boolean {
  return (event) => event.altKey && !event.ctrlKey && !event.metaKey && keys.includes(event.key)
}

/** Whether a key press belongs to a field the reviewer is typing in. */
export function typing(element: EventTarget | null): boolean {
  return (
    element instanceof Element &&
    !!element.closest('input, textarea, select, [contenteditable="true"]')
  )
}

/** Runs the first shortcut the event matches; true when one did. */
export function dispatchKey(shortcuts: readonly Shortcut[], event: KeyboardEvent): boolean {
  const shortcut = shortcuts.find((candidate) => candidate.matches?.(event))
  if (!shortcut) return false
  event.preventDefault()
  shortcut.run?.(event)
  return true
}

/**
 * Whether a key press activates the focused control itself (Enter on a button or link, Space
 * on a button): a screen's own Enter must not take it from the control.
 */
export function activates(event: KeyboardEvent): boolean {
  if (!(event.target instanceof Element)) return false
  if (event.key === 'Enter') return !!event.target.closest('button, a[href], summary')
  return event.key === ' ' && !!event.target.closest('button, summary')
}
