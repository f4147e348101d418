import { textWidth, type Family, type Run } from './drawn-pdf.js'
import { between, pick } from './generated-tables.js'
import { PROSE } from './prose.js'

/**
 * Text for the varied layouts (varied-layouts.ts): PROSE's sentences and a word pool's, so that
 * no two pages read alike and a line read in the wrong place lands in a sentence about
 * something else; and lines justified as a booklet sets them.
 */

export type Random = () => number

export const NOUNS = [
  'harbour',
  'orchard',
  'railway',
  'library',
  'bakery',
  'council',
  'river',
  'bridge',
  'market',
  'school',
  'garden',
  'ferry',
  'museum',
  'village',
  'mill',
  'theatre',
  'station',
  'hospital',
  'forest',
  'tower',
  'quarry',
  'canal',
  'chapel',
  'factory',
  'meadow',
  'lighthouse',
  'archive'
]
const PEOPLE = [
  'the mayor',
  'a farmer',
  'the engineers',
  'the volunteers',
  'her grandfather',
  'the clerk',
  'the teachers',
  'a young doctor',
  'the keepers',
  'two fishermen',
  'the builders',
  'our readers'
]
const VERBS = [
  'repaired',
  'visited',
  'measured',
  'painted',
  'closed',
  'opened',
  'described',
  'rebuilt',
  'mapped',
  'guarded',
  'cleaned',
  'sold',
  'inspected',
  'photographed',
  'extended',
  'moved'
]
export const ADJECTIVES = [
  'old',
  'narrow',
  'northern',
  'quiet',
  'busy',
  'flooded',
  'wooden',
  'famous',
  'small',
  'empty',
  'crowded',
  'distant',
  'western',
  'new',
  'broken',
  'green'
]
export const TIMES = [
  'every spring',
  'before the war',
  'in the long winter',
  'after the storm',
  'on market days',
  'during the holidays',
  'in the last century',
  'each morning at dawn',
  'for nine years',
  'late on Friday',
  'once a month',
  'since the flood'
]
export const LABELS = ['CAUTION', 'NOTE', 'TIP', 'WARNING', 'IMPORTANT']

export const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/** A sentence of the word pool: plain English of a town's life, never the same twice on a page. */
function poolSentence(r: Random): string {
  const place = `the ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}`
  const other = `the ${pick(r, NOUNS)} of the ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}`
  return `${capital(pick(r, PEOPLE))} ${pick(r, VERBS)} ${place} ${pick(r, TIMES)}, and then ${pick(r, VERBS)} ${other}.`
}

/** A text source for one page: PROSE's sentences shuffled, then the word pool's. */
export function sentences(r: Random): () => string {
  const prose = Object.values(PROSE)
    .flatMap((t) => t.split(/(?<=\.) /u))
    .map((s) => [r(), s] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, s]) => s)
  let next = 0
  const start = between(r, 0, prose.length)
  return () => (next < prose.length - start ? prose[start + next++]! : poolSentence(r))
}

export const paragraphOf = (next: () => string, count: number): string =>
  Array.from({ length: count }, next).join(' ')

/** Lines of a justified paragraph, all but the last spread to `width` by word spacing. */
export function justified(
  lines: readonly string[],
  x: number,
  width: number,
  size: number,
  family: Family
): Array<Omit<Run, 'y'>> {
  return lines.map((text, i) => {
    const spaces = text.split(' ').length - 1
    const spread =
      i < lines.length - 1 && spaces > 0
        ? (width - textWidth(text, size, false, family)) / spaces
        : 0
    return { x, text, size, wordSpacing: spread }
  })
}
