import { axisOf, dominantFrame, lineChars, sameFrame } from '../layout/frame.js'
import type { Check } from './check.js'

/**
 * The page is shown rotated (/Rotate), its text runs in another direction than left to right
 * (a landscape table, vertical CJK), or some of its text is set across the rest (a margin stamp,
 * rotated table headings): order was worked out in the text's own direction.
 */
export const rotated: Check = ({ layout }) => {
  const page = dominantFrame(layout)
  let across = 0
  let vertical = 0
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      if (line.wmode === 1) vertical += lineChars(line)
      else if (!sameFrame(axisOf(line.dir), page)) across += lineChars(line)
    }
  }
  const turned = page.dx !== 1
  if (layout.rotation === 0 && !turned && across === 0 && vertical === 0) return []
  const parts: string[] = []
  if (layout.rotation !== 0) parts.push(`page rotated ${layout.rotation}°`)
  if (vertical > 0) parts.push(`${vertical} characters set vertically`)
  else if (turned) {
    parts.push(
      'text runs ' + (page.dy === -1 ? 'upwards' : page.dy === 1 ? 'downwards' : 'right to left')
    )
  }
  if (across > 0) parts.push(`${across} characters set across the page's text`)
  return [
    {
      code: 'rotated',
      severity: 'info',
      message: parts.join('; '),
      evidence: { rotation: layout.rotation, direction: [page.dx, page.dy], vertical, across }
    }
  ]
}
