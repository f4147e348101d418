import { copiedBlocks } from '../layout/copies.js'
import { drawnText, EXCLUDED_ROLES } from '../shared/layout.js'
import type { Check } from './check.js'

function snippet(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim()
  return t.length > 40 ? t.slice(0, 39) + '…' : t
}

/** Running heads, feet, page numbers and margin stamps the boilerplate pass left out of the text. */
export const headerFooter: Check = ({ layout, roles }) => {
  // A copy of a block drawn over it is no boilerplate: duplicate_glyphs tells of it.
  const copies = copiedBlocks(layout)
  const excluded = layout.blocks.filter(
    (b) => EXCLUDED_ROLES.has(roles[b.id] ?? 'body') && !copies.has(b.id)
  )
  if (excluded.length === 0) return []
  const texts = excluded.map((b) => snippet(drawnText(b)))
  const count = (role: string): number => excluded.filter((b) => roles[b.id] === role).length
  return [
    {
      code: 'header_footer',
      severity: 'info',
      message: `${excluded.length} blocks left out of the text as header, footer or margin stamp: ${texts
        .slice(0, 4)
        .map((t) => `"${t}"`)
        .join(', ')}`,
      evidence: {
        headers: count('header'),
        footers: count('footer'),
        stamps: count('noise'),
        blocks: excluded.map((b) => b.id),
        texts
      }
    }
  ]
}
