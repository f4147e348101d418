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
 * The page's cleaned text: blocks in `order`, those whose role is excluded (headers, footers,
 * noise) left out, empty blocks dropped, blocks separated by a blank line.
 */
export function pageText(
  layout: PageLayout,
  order: readonly number[],
  roles: readonly BlockRole[]
): string {
  const kept = order
    .map((id) => layout.blocks[id])
    .filter((b): b is Block => b !== undefined && !EXCLUDED_ROLES.has(roles[b.id] ?? 'body'))
  const parts: string[] = []
  let cap = ''
  kept.forEach((block, i) => {
    const text = blockText(block)
    if (!text) return
    if (isDropCap(block, text, kept[i + 1])) {
      cap = text
      return
    }
    parts.push(cap + text)
    cap = ''
  })
  if (cap) parts.push(cap)
  return parts.join('\n\n')
}
