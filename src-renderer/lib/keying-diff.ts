import { wordDiff } from './diff'

/** Two keyings as stretches they share and the differences an adjudicator picks between. */
export type KeyingSegment =
  | Readonly<{ kind: 'same'; text: string }>
  | Readonly<{ kind: 'differ'; first: string; second: string }>

/**
 * The word diff of the first keying against the second, each run of changes between shared
 * words made one difference (what the first has there, what the second has).
 */
export function keyingSegments(first: string, second: string): KeyingSegment[] {
  const segments: KeyingSegment[] = []
  for (const part of wordDiff(first, second)) {
    const last = segments.at(-1)
    if (part.kind === 'same') {
      segments.push({ kind: 'same', text: part.text })
      continue
    }
    const open = last?.kind === 'differ' ? last : { kind: 'differ' as const, first: '', second: '' }
    const next =
      part.kind === 'removed'
        ? { ...open, first: open.first + part.text }
        : { ...open, second: open.second + part.text }
    if (last?.kind === 'differ') segments[segments.length - 1] = next
    else segments.push(next)
  }
  return segments
}

/** The text the picks make: each difference as the keying picked for it (the first by default). */
export function pickedText(
  segments: readonly KeyingSegment[],
  picks: ReadonlyMap<number, 'first' | 'second'>
): string {
  return segments
    .map((segment, index) =>
      segment.kind === 'same'
        ? segment.text
        : picks.get(index) === 'second'
          ? segment.second
          : segment.first
    )
    .join('')
}
