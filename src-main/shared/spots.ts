import type { BBox } from './layout.js'

/**
 * Where on the page a flag's evidence lies, for the review screen to mark on the page image: a
 * box in the page's points (origin top-left of the unrotated page, as every layout box) and the
 * words that say what is there. A flag carries its spots as `evidence.spots`.
 */
export type Spot = Readonly<{ bbox: BBox; note: string }>

function isBox(value: unknown): value is BBox {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  )
}

/** The spots of a flag's evidence; none where it has none or they are not well formed. */
export function spotsOf(evidence: Readonly<Record<string, unknown>>): Spot[] {
  const spots = evidence['spots']
  if (!Array.isArray(spots)) return []
  return spots.flatMap((spot: unknown) => {
    if (typeof spot !== 'object' || spot === null) return []
    const { bbox, note } = spot as { bbox?: unknown; note?: unknown }
    return isBox(bbox) ? [{ bbox, note: typeof note === 'string' ? note : '' }] : []
  })
}
