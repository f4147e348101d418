import type { Check } from './check.js'
import { charStats } from './char-stats.js'

/**
 * A page with neither text nor images is blank or drew its content as vector paths (text turned
 * into outlines) that no extractor reads; a reviewer tells the two apart at a glance.
 */
export const emptyPage: Check = ({ layout }) => {
  if (charStats(layout).chars > 0 || layout.images.length > 0) return []
  return [
    {
      code: 'empty_page',
      severity: 'warn',
      message: 'no text and no images on the page (blank, or text drawn as vector outlines)',
      evidence: { chars: 0, images: 0 }
    }
  ]
}
