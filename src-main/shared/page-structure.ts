import type { BBox, Block, BlockRole, Line, PageLayout } from './layout.js'

/** A line of the extracted layout: its block's id there, and its index in that block. */
export type LineRef = readonly [block: number, line: number]

/** A block as the reviewer made it: lines of the extracted layout, and a role. */
export type StructureBlock = Readonly<{
  id: number
  role: BlockRole
  lines: readonly LineRef[]
  /** A region drawn by the reviewer keeps the box drawn, even where it holds no text. */
  bbox?: BBox
}>

/**
 * The reviewer's blocks for a page (roles changed, blocks merged, split, drawn or deleted), as a
 * regrouping of the extracted lines; null in a review state means the extraction's own blocks.
 */
export type PageStructure = Readonly<{ blocks: readonly StructureBlock[] }>

/** A page's blocks and their roles, as the review and the exports see them. */
export type StructuredPage = Readonly<{
  layout: PageLayout
  /** Indexed by block id; ids no block has any more read `body`. */
  roles: readonly BlockRole[]
}>

/** The extraction's blocks as a structure: the start of every structure edit. */
export function extractionStructure(
  layout: PageLayout,
  roles: readonly BlockRole[]
): PageStructure {
  return {
    blocks: layout.blocks.map((block) => ({
      id: block.id,
      role: roles[block.id] ?? 'body',
      lines: block.lines.map((_, index): LineRef => [block.id, index])
    }))
  }
}

export function unionBox(boxes: readonly BBox[]): BBox | undefined {
  if (boxes.length === 0) return undefined
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3]))
  ]
}

/**
 * The layout with the reviewer's blocks in place of the extraction's: each block holds the lines
 * it lists, boxed by them (or by the region drawn). Lines no block lists are not on the page any
 * more. Block ids index `layout.blocks` as everywhere else, so ids nobody holds are left as gaps
 * filled by an empty block at the origin, never shown (the structure does not list them).
 */
export function withStructure(
  layout: PageLayout,
  roles: readonly BlockRole[],
  structure: PageStructure | null | undefined
): StructuredPage {
  if (!structure) return { layout, roles }
  const blocks: Block[] = []
  const shownRoles: BlockRole[] = []
  for (const mine of structure.blocks) {
    const lines: Line[] = []
    let read: Block['source']
    for (const [blockId, index] of mine.lines) {
      const source = layout.blocks[blockId]
      const line = source?.lines[index]
      if (!line) continue
      lines.push(line)
      read ??= source?.source
    }
    const bbox = mine.bbox ?? unionBox(lines.map((line) => line.bbox)) ?? [0, 0, 0, 0]
    blocks[mine.id] = { id: mine.id, bbox, lines, ...(read ? { source: read } : {}) }
    shownRoles[mine.id] = mine.role
  }
  const dense: Block[] = []
  const denseRoles: BlockRole[] = []
  for (let id = 0; id < blocks.length; id++) {
    dense.push(blocks[id] ?? { id, bbox: [0, 0, 0, 0], lines: [] })
    denseRoles.push(shownRoles[id] ?? 'body')
  }
  return { layout: { ...layout, blocks: dense }, roles: denseRoles }
}

/** The ids of the blocks a structure (or, without one, the extraction) has. */
export function blockIds(
  layout: PageLayout,
  structure: PageStructure | null | undefined
): number[] {
  return structure ? structure.blocks.map((block) => block.id) : layout.blocks.map((b) => b.id)
}
