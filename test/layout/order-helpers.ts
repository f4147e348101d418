import { expect } from 'vitest'

/** Asserts that each snippet occurs in `text`, in the order given. */
export function expectInOrder(text: string, snippets: readonly string[]): void {
  let from = -1
  for (const snippet of snippets) {
    const at = text.indexOf(snippet)
    expect(at, `"${snippet}" missing`).toBeGreaterThanOrEqual(0)
    expect(at, `"${snippet}" out of order`).toBeGreaterThan(from)
    from = at
  }
}
