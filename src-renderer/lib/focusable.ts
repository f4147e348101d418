const CONTROLS = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])'
].join(', ')

/**
 * The controls inside `root` that Tab reaches, in document order: enabled, shown, not inert.
 * A control under `display: none` (a read-only panel hides its buttons so) has no client rects.
 */
export function focusable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[inert]')
  )
}
