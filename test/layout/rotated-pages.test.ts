import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, type DrawnPage, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { expectInOrder } from './order-helpers.js'

type Turn = 0 | 90 | 180 | 270

/**
 * A page laid out as the viewer shows it (`width` by `height`, origin at its bottom left),
 * stored turned: its /Rotate is `turn` and every run is drawn turned against it, so that the
 * viewer, turning the page back, shows the text upright.
 */
function turnedPage(turn: Turn, width: number, height: number, runs: readonly Run[]): DrawnPage {
  // The MediaBox is the unturned page: sideways for a quarter turn.
  const [w, h] = turn % 180 === 0 ? [width, height] : [height, width]
  const place = (u: number, v: number): [number, number] =>
    turn === 0 ? [u, v] : turn === 90 ? [w - v, u] : turn === 180 ? [w - u, h - v] : [v, h - u]
  return {
    width: w,
    height: h,
    rotate: turn,
    runs: runs.map((r) => {
      const [x, y] = place(r.x, r.y)
      return { ...r, x, y, angle: turn }
    })
  }
}

const TITLE: Run = { x: 72, y: 730, text: 'A Page Stored on Its Side', size: 16, font: 'bold' }
const runs = [
  TITLE,
  ...column(`${PROSE.harbour} ${PROSE.orchard}`, 72, 690, 222),
  ...column(`${PROSE.railway} ${PROSE.library}`, 318, 690, 222)
]
const READING = [
  'A Page Stored on Its Side',
  `${PROSE.harbour} ${PROSE.orchard}`,
  `${PROSE.railway} ${PROSE.library}`
].map(flat)

describe('pages turned inside the file', () => {
  for (const turn of [0, 90, 180, 270] as const) {
    it(`reads a two-column page with /Rotate ${turn} and its text drawn against it as the viewer shows it`, () => {
      const [page] = analysisOfDrawn([turnedPage(turn, 612, 792, runs)]).pages
      expect(page!.layout.rotation).toBe(turn)
      expectInOrder(page!.analysis.text, READING)
      expect(page!.analysis.flags.find((f) => f.code === 'multi_column')?.evidence['columns']).toBe(
        2
      )
    })
  }
})

describe('text drawn turned on a page without /Rotate', () => {
  // Double-spaced, as a filing is: MuPDF gives every line a block of its own, whichever way the
  // text runs, and the paragraph is put back together in the text's own reading frame.
  const filing = [
    TITLE,
    ...column(`${PROSE.harbour} ${PROSE.orchard}`, 72, 690, 468, 10, 24),
    ...column(PROSE.railway, 72, 690 - 24 * 13, 468, 10, 24)
  ]
  for (const turn of [90, 180, 270] as const) {
    it(`reads double-spaced paragraphs drawn turned ${turn}° whole`, () => {
      const [page] = analysisOfDrawn([{ ...turnedPage(turn, 612, 792, filing), rotate: 0 }]).pages
      expect(page!.layout.rotation).toBe(0)
      expect(page!.analysis.text.split('\n\n')).toEqual(
        ['A Page Stored on Its Side', `${PROSE.harbour} ${PROSE.orchard}`, PROSE.railway].map(flat)
      )
      expect(page!.analysis.flags.map((f) => f.code)).toContain('rotated')
    })
  }
})
