import { blockTextDetail } from '../layout/block-text.js'
import { EXCLUDED_ROLES } from '../shared/layout.js'
import type { Check } from './check.js'

/** Line-end hyphens were mended: joined into words, or kept in compounds ("well-known"). */
export const hyphenation: Check = ({ layout, roles }) => {
  let joined = 0
  let kept = 0
  for (const block of layout.blocks) {
    if (EXCLUDED_ROLES.has(roles[block.id] ?? 'body')) continue
    const detail = blockTextDetail(block)
    joined += detail.hyphensJoined
    kept += detail.hyphensKept
  }
  if (joined + kept === 0) return []
  return [
    {
      code: 'hyphenation',
      severity: 'info',
      message: `${joined} words split at a line end were joined; ${kept} hyphens kept where the joined form is not a word`,
      evidence: { joined, kept }
    }
  ]
}
