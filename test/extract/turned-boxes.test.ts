import { describe, expect, it } from 'vitest'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { TURNED_BOXES, turnedBoxesPage } from '../helpers/leaflet-pdf.js'
import { flat } from '../helpers/prose.js'
import { variedTurnedBoxes } from '../helpers/varied-layouts.js'

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

  it('reads a tilted box whose first line MuPDF gave a block apart from the next two', () => {
    // Seed 114's page 114011, a box tilted 15°: "Passengers" alone, "complained about the" /
    // "delays in letters to" a block. A longer tilted line's upright box reaches higher, so the
    // second block was read first ("complained … to" / "Passengers"), rated ok.
    const made = variedTurnedBoxes(114011)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    expect(paragraphs).toContain('Passengers complained about the delays in letters to')
  })
})
