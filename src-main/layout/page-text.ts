import { EXCLUDED_ROLES, type Block, type BlockRole, type PageLayout } from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { normalizeText } from './normalize.js'

/** A block's text: one paragraph, words and hyphenation mended (block-text.ts), normalised. */
export function blockText(block: Block): string {
  return normalizeText(blockTextDetail(block).text)
}

function largest(block: Block): number {
  return Math.max(0, ...block.lines.flatMap((l) => l.spans.map((s) => s.size)))
}

/**
 * A drop cap: one letter at least twice the size of the paragraph it starts, standing at its
 * top left. Its letter begins the paragraph's first word ("O" + "ver the past" = "Over").
 */
function isDropCap(cap: Block, text: string, next: Block | undefined): boolean {
  if (!next || !/^\p{Lu}$/u.test(text)) return false
  const first = next.lines[0]
  if (!first) return false
  const size = first.spans[0]?.size ?? 0
  return (
    largest(cap) >= size * 2 &&
    cap.bbox[2] <= first.bbox[0] + size &&
    Math.abs(cap.bbox[1] - first.bbox[1]) <= size * 1.5
  )
}

/**
 * Joins blocks, already in reading order and with excluded ones removed, into page text: empty
 * blocks dropped, a drop cap joined to the paragraph it starts, blocks separated by a blank line.
 * The engine's text and a reviewer's revision (with its corrected blocks) both go through here.
 */
export function joinBlocks(blocks: readonly Block[], textOf: (block: Block) => string): string {
  const parts: string[] = []
  let cap = ''
  blocks.forEach((block, i) => {
    const text = textOf(block)
    if (!text) return
    if (isDropCap(block, text, blocks[i + 1])) {
      cap = text
      return
    }
    parts.push(cap + text)
    cap = ''
  })
  if (cap) parts.push(cap)
  return parts.join('\n\n')
}

/**
 * The page's cleaned text: blocks in `order`, those whose role is excluded (headers, footers,
 * noise) left out.
 */
export function pageText(
  layout: PageLayout,
  order: readonly number[],
  roles: readonly BlockRole[]
): string {
  const kept = order
    .map((id) => layout.blocks[id])
    .filter((b): b is Block => b !== undefined && !EXCLUDED_ROLES.has(roles[b.id] ?? 'body'))
  return joinBlocks(kept, blockText)
}
