import { describe, expect, it } from 'vitest'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { TURNED_BOXES, turnedBoxesPage } from '../helpers/leaflet-pdf.js'

describe('joinTurnedBoxLines', () => {
  it('reads boxes turned up, down and tilted each whole, as a block of its own, apart from the upright text', () => {
    // Before, the box turned up the margin and the tilted box were a block per line, and the
    // tilted box's lines, overlapping on the page, ran together ("this boxstill reads").
    const { analysis } = analysisOfDrawn([turnedBoxesPage()]).pages[0]!
    const paragraphs = analysis.text.split('\n\n')
    for (const box of TURNED_BOXES.boxes) expect(paragraphs).toContain(box.lines.join(' '))
    for (const text of TURNED_BOXES.upright) expect(paragraphs).toContain(text)
    expect(paragraphs).toHaveLength(TURNED_BOXES.boxes.length + TURNED_BOXES.upright.length)
    expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
  })
})
