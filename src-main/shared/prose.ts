/** A line of prose has this many characters or more: a label or a figure's number has fewer. */
export const PROSE_LINE = 20

/** A line of words, not a formula, a number or a label: two words of letters, mostly letters. */
export function isProse(text: string): boolean {
  const words = text.match(/\p{L}{2,}/gu) ?? []
  const solid = text.replace(/\s+/gu, '')
  const letters = (solid.match(/\p{L}/gu) ?? []).length
  return words.length >= 2 && letters >= 0.6 * solid.length
}
