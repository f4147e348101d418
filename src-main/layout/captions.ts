import type { BBox, Block, BlockRole, PageLayout } from '../shared/layout.js'
import { blockText } from './page-text.js'
import { bodySize } from './body-size.js'

/**
 * A caption opens with its float's number and a stop, colon or dash: "Fig. 3.", "Figure 2:",
 * "Table 1 –", "Abbildung 4:". "Figure 3 shows …" is a sentence about the figure, not its caption.
 */
const CAPTION =
  /^(Figure|Fig\.|Table|Tab\.|Abbildung|Abb\.|Tabelle|Tableau)\s*[A-Z]?\d+(\.\d+)*\s*[.:—–-](\s|$)/u

/** The same number without the stop: a caption only where it stands at a table or a picture. */
const NUMBERED =
  /^(Figure|Fig\.|Table|Tab\.|Abbildung|Abb\.|Tabelle|Tableau)\s*[A-Z]?\d+(\.\d+)*\s+\p{Lu}/u

/** Dot leaders run from a list entry to its page number. */
const LEADER = /(\.\s?){4,}|…{2,}/u

/** A caption has at most this many lines: a long paragraph that starts so is body text. */
const MAX_LINES = 8

/** A caption stands within this many ems above or below what it captions. */
const NEAR = 3

/** What a caption captions: a table (its blocks) or a picture (its box). */
export type CaptionTarget = Readonly<
  { kind: 'table'; blocks: readonly number[]; bbox: BBox } | { kind: 'picture'; bbox: BBox }
>

function boundsOf(boxes: readonly BBox[]): BBox {
  return [
    Math.min(...boxes.map((b) => b[0])),
    Math.min(...boxes.map((b) => b[1])),
    Math.max(...boxes.map((b) => b[2])),
    Math.max(...boxes.map((b) => b[3]))
  ]
}

/** The vertical gap between two boxes that share some width; Infinity where they share none. */
function gapAcross(a: BBox, b: BBox): number {
  const across = Math.min(a[2], b[2]) - Math.max(a[0], b[0])
  if (across <= 0) return Infinity
  return Math.max(0, a[1] - b[3], b[1] - a[3])
}

/**
 * The table or picture a caption block stands at: the nearest one above or below it, within
 * NEAR ems, sharing its width. `tables` are the page's table regions (block ids).
 */
export function captionTarget(
  layout: PageLayout,
  caption: Block,
  tables: readonly (readonly number[])[]
): CaptionTarget | null {
  const em = bodySize(layout)
  const candidates: Array<{ gap: number; target: CaptionTarget }> = [
    ...tables.map((blocks) => {
      const bbox = boundsOf(blocks.map((id) => layout.blocks[id]!.bbox))
      return {
        gap: gapAcross(caption.bbox, bbox),
        target: { kind: 'table', blocks, bbox } as const
      }
    }),
    ...layout.images.map((image) => ({
      gap: gapAcross(caption.bbox, image.bbox),
      target: { kind: 'picture', bbox: image.bbox } as const
    }))
  ].filter((c) => c.gap <= em * NEAR)
  candidates.sort((a, b) => a.gap - b.gap)
  return candidates[0]?.target ?? null
}

/**
 * Marks the page's captions: body blocks that open with a float's number and a stop ("Table 2:",
 * "Fig. 3."), or with the number alone where they stand at a table or a picture ("Table 1
 * Composition of …"). Marked before headings: a bold "Figure 4." is a caption, not a heading.
 */
export function markCaptions(
  layout: PageLayout,
  roles: BlockRole[],
  tables: readonly (readonly number[])[]
): void {
  for (const block of layout.blocks) {
    if (roles[block.id] !== 'body' || block.lines.length > MAX_LINES) continue
    if (tables.some((t) => t.includes(block.id))) continue
    const text = blockText(block).trim()
    // A list of figures' entry ("Fig. 1. HPC System ........ 11") names a caption, on its page.
    if (LEADER.test(text)) continue
    if (CAPTION.test(text)) roles[block.id] = 'caption'
    else if (NUMBERED.test(text) && captionTarget(layout, block, tables)) {
      roles[block.id] = 'caption'
    }
  }
}
