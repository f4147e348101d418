/**
 * The bake-off's normalisation: lower-case, collapse every run of whitespace (form feeds between
 * pages included) to one space, strip both ends. Nothing else, so scores stay comparable with the
 * seed's table.
 */
export function normaliseForScore(text: string): string {
  return text.toLowerCase().replace(/\s+/gu, ' ').trim()
}
