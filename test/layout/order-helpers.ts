import { expect } from 'vitest'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { flat } from '../helpers/prose.js'
import type { VariedPage } from '../helpers/varied-layouts.js'

/**
 * Asserts that each snippet occurs in `text`, in the order given: each after the one before it
 * starts, so that a snippet the page holds twice (a list naming one place twice) or that opens a
 * longer one before it is looked for where it should stand.
 */
export function expectInOrder(text: string, snippets: readonly string[]): void {
  let from = -1
  for (const snippet of snippets) {
    const at = text.indexOf(snippet, from + 1)
    expect(text.indexOf(snippet), `"${snippet}" missing`).toBeGreaterThanOrEqual(0)
    expect(at, `"${snippet}" out of order`).toBeGreaterThan(from)
    from = at
  }
}

/**
 * A generated page's analysis and its text, flattened, once the text is found to hold every
 * paragraph in order.
 */
export function readsInOrder(made: VariedPage) {
  const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
  const text = flat(analysis.text)
  expectInOrder(text, made.paragraphs.map(flat))
  return { analysis, text }
}
