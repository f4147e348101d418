import type { Span } from './layout.js'

/**
 * A box's label: one word of three letters and more, in capitals or bold ("CAUTION", "TIP",
 * "Note"), where a footnote's or a form's text set small runs on in words.
 */
export function isLabel(spans: readonly Span[]): boolean {
  const text = spans
    .map((s) => s.text)
    .join('')
    .trim()
  if (!/^\p{L}{3,}[:.!]?$/u.test(text)) return false
  return text === text.toUpperCase() || spans.every((s) => s.text.trim() === '' || s.bold)
}
