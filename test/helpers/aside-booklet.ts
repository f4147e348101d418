import { column, type DrawnPage, type Run } from './drawn-pdf.js'
import { DENSE_BOOKLET, justified, withSideBox } from './leaflet-pdf.js'

/**
 * A dense three-column booklet (as leaflet-pdf.ts's DENSE_BOOKLET) whose middle column ends in
 * the middle of a sentence that goes on at the top of the third ("…and its members were" /
 * "considering changes…"), as the tax booklet's "Congress was / considering legislation" did, and
 * a side box (a "!" icon over a small "CAUTION") in the gutter beside that paragraph's last lines.
 */
export const RUN_ON_BOOKLET = {
  // The first column as the dense booklet's; the cut comes at the middle column's foot.
  columns: [
    DENSE_BOOKLET.columns[0],
    [
      [
        'Signing.',
        'An unsigned return is not a return: sign and date it, and if someone else prepared it for you, that person must sign it as well and give an identifying number.'
      ],
      [
        '',
        'You may round off cents to whole dollars on the return and its schedules, but round every amount on the page in the same way for the totals to agree.'
      ]
    ],
    [
      [
        'Refunds.',
        'A refund is paid within six weeks of the day your return is received, unless the return has an error that the office must write to you about first.'
      ],
      [
        'Penalties.',
        'A penalty is charged for a return filed late or a payment made late, and for an amount understated through negligence or through a careless disregard of the rules.'
      ]
    ]
  ],
  /** The paragraph that ends the middle column, its sentence cut at the column's foot. */
  cut: [
    'New law.',
    'At the time these instructions went to print, the legislature sitting in the capital city of the state had a bill before it, and its members were',
    'considering changes that would use a different address for returns filed this year, so check the address on the back cover before you mail your return.'
  ],
  box: ['!', 'CAUTION']
} as const

const SIZE = 8.5
const LEADING = 10.5
const WIDTH = 160
const XS = [36, 228, 420]

export function runOnBookletPage(): DrawnPage {
  const runs: Run[] = []
  const tops = XS.map(() => 740)
  const set = (c: number, drawn: readonly Run[]): void => {
    runs.push(...drawn)
    tops[c]! -= new Set(drawn.map((r) => r.y)).size * LEADING
  }
  RUN_ON_BOOKLET.columns.forEach((paragraphs, c) => {
    if (c === 2) {
      // The cut sentence goes on at the top of the third column, flush with its edge.
      const [, , rest] = RUN_ON_BOOKLET.cut
      set(c, column(rest, XS[c]!, tops[c]!, WIDTH, SIZE, LEADING))
    }
    for (const [heading, text] of paragraphs) {
      set(c, justified(heading, text, XS[c]!, tops[c]!, WIDTH))
    }
    if (c === 1) {
      const [heading, text] = RUN_ON_BOOKLET.cut
      const x = XS[c]!
      const top = tops[c]!
      runs.push(...withSideBox(justified(heading, text, x, top, WIDTH), x, top, RUN_ON_BOOKLET.box))
    }
  })
  return { runs }
}
