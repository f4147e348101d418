import type { ChunkMeasure } from './chunk-measure.js'
import type { DraftChunk } from './chunker.js'

/**
 * A chunk smaller than this says too little to be found by itself ("Move 1" and a line): about
 * 20 tokens, or 80 characters where chunks are sized in characters.
 */
export function smallChunk(measure: ChunkMeasure): number {
  return measure.unit === 'characters' ? 80 : 20
}

function commonPath(a: readonly string[], b: readonly string[]): string[] {
  const path: string[] = []
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) path.push(a[i]!)
  return path
}

/**
 * Chunks under one heading: sections side by side under the same parent ([A, b] and [A, c]),
 * or a section's opening text and its first subsection ([A] and [A, b]).
 */
function underOneHeading(a: readonly string[], b: readonly string[]): boolean {
  return commonPath(a, b).length >= Math.max(a.length, b.length) - 1
}

/**
 * A document's chunks with the small ones merged into their neighbour under the same heading
 * while the two fit the measure's limit together: a run of short sections ("Move 1", "Move 2"…)
 * becomes one chunk under their parent's heading path, their headings kept in its text. A small
 * chunk alone under its heading stays as it is, and so does an aside. Indexes are counted again.
 * `overlap` is the chunker's.
 */
export function mergeSmallPeers(
  drafts: readonly DraftChunk[],
  measure: ChunkMeasure,
  overlap = 0
): DraftChunk[] {
  const small = smallChunk(measure)
  const out: DraftChunk[] = []
  for (const draft of drafts) {
    const last = out.at(-1)
    // Chunks of one section cut for size, the second opening with the first's last sentences,
    // are not put back together: the overlap would be said twice.
    const cut = overlap > 0 && last?.headingPath.join('\n') === draft.headingPath.join('\n')
    // An aside stays out of the text it stands beside, however short either is.
    const aside = [...(last?.roles ?? []), ...draft.roles].includes('aside')
    if (last && !cut && !aside && underOneHeading(last.headingPath, draft.headingPath)) {
      const text = `${last.text}\n\n${draft.text}`
      const tiny = measure.count(last.text) < small || measure.count(draft.text) < small
      if (tiny && measure.count(text) <= measure.limit) {
        out[out.length - 1] = {
          index: last.index,
          text,
          headingPath: commonPath(last.headingPath, draft.headingPath),
          pieces: [...last.pieces, ...draft.pieces],
          roles: [...new Set([...last.roles, ...draft.roles])]
        }
        continue
      }
    }
    out.push(draft)
  }
  return out.map((draft, index) => ({ ...draft, index }))
}
