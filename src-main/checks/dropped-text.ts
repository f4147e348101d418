import { drawnText, EXCLUDED_ROLES } from '../shared/layout.js'
import type { Spot } from '../shared/spots.js'
import type { Check } from './check.js'

/** Share of the blocks' letters and digits the text may lack: a formula's rows rewritten. */
const MAX_SHARE = 0.01
/** Letters a page's text may lack before it counts, whatever their share. */
const MIN_LETTERS = 20
/** Letters of a block's opening sought in the page's text to tell which block went missing. */
const OPENING = 24

/** The letters and digits of a text, compatibility forms unfolded: what no joining changes. */
function letters(text: string): string {
  return (text.normalize('NFKC').match(/[\p{L}\p{N}]/gu) ?? []).join('')
}

/**
 * text_dropped: the page's text lacks words its blocks hold. The text is made from the blocks
 * the page keeps (running heads and noise left out), so each of their letters is in it but for
 * the few a joined hyphen or a normalised form changes; where more are missing, a step between
 * the blocks and the text lost some (a list that a table's block began, written with neither),
 * and nobody reading the text would know what is not there. A `warn`, with the spots of the
 * blocks whose opening words the text lacks: the reviewer sees them on the page image.
 */
export const droppedText: Check = ({ layout, roles, text }) => {
  const kept = layout.blocks
    .filter((b) => !EXCLUDED_ROLES.has(roles[b.id] ?? 'body'))
    .map((block) => ({ block, letters: letters(drawnText(block)) }))
  const drawn = kept.reduce((n, b) => n + b.letters.length, 0)
  const read = letters(text)
  const missing = drawn - read.length
  if (missing < MIN_LETTERS || missing <= drawn * MAX_SHARE) return []
  const spots: Spot[] = kept
    .filter((b) => {
      const opening = b.letters.slice(0, OPENING)
      return opening !== '' && !read.includes(opening)
    })
    .map(({ block }) => ({ bbox: block.bbox, note: 'not in the text' }))
  return [
    {
      code: 'text_dropped',
      severity: 'warn',
      message: `The page's text lacks ${missing} of its blocks' ${drawn} letters and digits`,
      evidence: { drawn, read: read.length, spots }
    }
  ]
}
