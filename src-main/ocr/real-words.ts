import { isPrivateUse } from '../checks/char-stats.js'
import { drawnText, type Block, type PageLayout } from '../shared/layout.js'
import type { PageAnalysis } from '../shared/page.js'

/** The one error a page with a few real words over its scan carries: too little text. */
const ONLY_TOO_LITTLE = 'needs_ocr'

/**
 * The text layer's blocks OCR must not read over: on a page sent to OCR only for having too
 * little text beside its picture (a title, labels over a scan), the visible blocks of letters
 * with every character mapped. A layer of broken fonts (unmapped or garbled), and an invisible
 * OCR layer (judged apart, ocr_layer), keep nothing.
 */
export function realBlocks(layout: PageLayout, analysis: PageAnalysis): Block[] {
  const errors = analysis.flags.filter((flag) => flag.severity === 'error')
  if (errors.some((flag) => flag.code !== ONLY_TOO_LITTLE)) return []
  if (layout.invisibleChars + layout.coveredChars > 0) return []
  return layout.blocks.filter((block) => block.source !== 'ocr' && isReal(drawnText(block)))
}

function isReal(text: string): boolean {
  if (!/\p{L}/u.test(text)) return false
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0
    if (cp === 0xfffd || isPrivateUse(cp)) return false
  }
  return true
}
