import { EXCLUDED_ROLES, type Block, type BlockRole, type PageLayout } from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { normalizeText } from './normalize.js'

/** A block's text: one paragraph, words and hyphenation mended (block-text.ts), normalised. */
export function blockText(block: Block): string {
  return normalizeText(blockTextDetail(block).text)
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
  const parts: string[] = []
  for (const id of order) {
    const block = layout.blocks[id]
    const role = roles[id] ?? 'body'
    if (!block || EXCLUDED_ROLES.has(role)) continue
    const text = blockText(block)
    if (text) parts.push(text)
  }
  return parts.join('\n\n')
}
