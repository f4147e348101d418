import { endsInHyphen, joinHyphenated, vocabularyOf } from '../layout/hyphenation.js'
import { boundsOf } from '../shared/layout.js'
import type { ChunkPiece, ChunkUnit, UnitPart } from './chunk-units.js'

/** The unit's parts: its own page and box, unless it was joined from several. */
export function unitParts(unit: ChunkUnit): readonly UnitPart[] {
  return unit.parts ?? [{ start: 0, page: unit.page, bbox: unit.bbox }]
}

/** Where the parts of `unit` drawn between `from` and `to` (offsets into its text) stand. */
export function piecesBetween(unit: ChunkUnit, from: number, to: number): ChunkPiece[] {
  const parts = unitParts(unit)
  const pieces = parts.filter((part, i) => {
    const end = parts[i + 1]?.start ?? Infinity
    return part.start < Math.max(to, from + 1) && end > from
  })
  return (pieces.length > 0 ? pieces : parts).map(({ page, bbox }) => ({ page, bbox }))
}

/** A paragraph's last words run on: no stop, colon or closing quote or bracket ends them. */
function runsOn(text: string): boolean {
  return /[\p{L}\p{N},-]$/u.test(text.trimEnd())
}

/**
 * `next` goes on with the paragraph `before` broke off at the foot of a page or a column (or
 * where MuPDF cut it): both are body text, `before` ends without a final stop and `next` starts
 * in lower case.
 */
export function continues(before: ChunkUnit, next: ChunkUnit): boolean {
  return runsOnPast(before) && isParagraph(next) && /^\p{Ll}/u.test(next.text.trimStart())
}

function isParagraph(unit: ChunkUnit): boolean {
  return unit.role === 'body' && unit.rows === null && unit.heading === 0
}

/** A paragraph of body text whose last words run on: the next unit may go on with it. */
export function runsOnPast(unit: ChunkUnit): boolean {
  return isParagraph(unit) && runsOn(unit.text)
}

/** The paragraph `before` with `next` run on after it: one unit, drawn where both parts are. */
export function joinUnits(before: ChunkUnit, next: ChunkUnit): ChunkUnit {
  const head = before.text.trimEnd()
  const tail = next.text.trimStart()
  // A word broken at the page's foot ("exam-" / "ple") is mended as within a paragraph.
  const mended = endsInHyphen(head)
    ? joinHyphenated(head, tail, vocabularyOf(`${head} ${tail}`))?.text
    : undefined
  const text = mended ?? `${head} ${tail}`
  const start = text.length - tail.length
  return {
    ...before,
    text,
    bbox: before.page.page === next.page.page ? boundsOf([before.bbox, next.bbox]) : before.bbox,
    parts: [
      ...unitParts(before),
      ...unitParts(next).map((p) => ({ ...p, start: Math.max(0, start + p.start) }))
    ]
  }
}
