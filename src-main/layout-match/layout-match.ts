import type { BBox, Block, PageLayout } from '../shared/layout.js'

/**
 * When two pages share a layout: the same page size, as many blocks, and each block of one
 * paired with a block of the other that stands in the same place, has about the same size and
 * is set in the same font. Text differs from page to page of a template, so a block's place is
 * taken from whichever of its edges stayed put (left, right or centre across; top or bottom
 * down), and its size may grow or shrink by a line or a word.
 */
export const LAYOUT_TOLERANCE = {
  /** Page width and height, in points. */
  page: 2,
  /** How far a block may stand from its pair, as a share of the page's width (across) or height (down). */
  place: 0.03,
  /** How much a block's width or height may differ, as a share of the larger (or `place`, if more). */
  size: 0.25,
  /** Difference of the main font's size, in points. */
  fontSize: 1
} as const

/** The tolerance in words, as the review screen shows it. */
export function describeTolerance(): string {
  const t = LAYOUT_TOLERANCE
  return (
    `same page size (±${t.page} pt), as many blocks, each block within ${t.place * 100}% of the ` +
    `page of its place, within ${t.size * 100}% of its width and height, in the same font ` +
    `(±${t.fontSize} pt)`
  )
}

/** What a block is matched by. */
export type BlockShape = Readonly<{
  id: number
  bbox: BBox
  /** The font most of its characters are set in, without a subset's tag (`ABCDEF+`). */
  font: string
  size: number
}>

export function blockShape(block: Block): BlockShape {
  const weights = new Map<string, { chars: number; size: number }>()
  for (const line of block.lines) {
    for (const span of line.spans) {
      const font = span.font.replace(/^[A-Z]{6}\+/, '')
      const seen = weights.get(font) ?? { chars: 0, size: 0 }
      const chars = [...span.text].length
      // The size weighted by characters, so a drop cap does not set the block's size.
      weights.set(font, { chars: seen.chars + chars, size: seen.size + span.size * chars })
    }
  }
  let font = ''
  let best = { chars: 0, size: 0 }
  for (const [name, weight] of weights) {
    if (weight.chars > best.chars) {
      font = name
      best = weight
    }
  }
  return { id: block.id, bbox: block.bbox, font, size: best.chars > 0 ? best.size / best.chars : 0 }
}

/**
 * How far apart two blocks are against the tolerance: 0 where they coincide, 1 at the
 * tolerance's edge, Infinity where the fonts differ or any measure is out of tolerance.
 */
export function blockDistance(
  a: BlockShape,
  b: BlockShape,
  page: Readonly<{ width: number; height: number }>
): number {
  const t = LAYOUT_TOLERANCE
  if (a.font !== b.font || Math.abs(a.size - b.size) > t.fontSize) return Infinity
  const across = t.place * page.width
  const down = t.place * page.height
  const [ax0, ay0, ax1, ay1] = a.bbox
  const [bx0, by0, bx1, by1] = b.bbox
  const x = Math.min(
    Math.abs(ax0 - bx0),
    Math.abs(ax1 - bx1),
    Math.abs((ax0 + ax1) / 2 - (bx0 + bx1) / 2)
  )
  const y = Math.min(Math.abs(ay0 - by0), Math.abs(ay1 - by1))
  const sizeOff = (p: number, q: number, floor: number): number =>
    Math.abs(p - q) / Math.max(t.size * Math.max(p, q), floor)
  const worst = Math.max(
    x / across,
    y / down,
    sizeOff(ax1 - ax0, bx1 - bx0, across),
    sizeOff(ay1 - ay0, by1 - by0, down)
  )
  return worst > 1 ? Infinity : worst
}

export type LayoutMatch = Readonly<{
  /** The other page's block for each block of the example, by block id. */
  blocks: ReadonlyMap<number, number>
  /** 1 where every block coincides, 0 where one lies at the tolerance's edge. */
  fit: number
}>

type PageShape = Readonly<{ width: number; height: number; blocks: readonly BlockShape[] }>

export function pageShape(layout: PageLayout): PageShape {
  return { width: layout.width, height: layout.height, blocks: layout.blocks.map(blockShape) }
}

/**
 * Pairs the blocks of `other` with those of `example`, closest pairs first; null when the pages
 * do not share a layout (another size, another number of blocks, or a block left without a pair).
 */
export function matchLayout(example: PageShape, other: PageShape): LayoutMatch | null {
  const t = LAYOUT_TOLERANCE
  if (
    Math.abs(example.width - other.width) > t.page ||
    Math.abs(example.height - other.height) > t.page ||
    example.blocks.length !== other.blocks.length
  ) {
    return null
  }
  const pairs: { a: number; b: number; distance: number }[] = []
  for (const a of example.blocks) {
    for (const b of other.blocks) {
      const distance = blockDistance(a, b, example)
      if (distance !== Infinity) pairs.push({ a: a.id, b: b.id, distance })
    }
  }
  pairs.sort((p, q) => p.distance - q.distance)
  const blocks = new Map<number, number>()
  const taken = new Set<number>()
  let worst = 0
  for (const { a, b, distance } of pairs) {
    if (blocks.has(a) || taken.has(b)) continue
    blocks.set(a, b)
    taken.add(b)
    worst = Math.max(worst, distance)
  }
  if (blocks.size !== example.blocks.length) return null
  return { blocks, fit: 1 - worst }
}
