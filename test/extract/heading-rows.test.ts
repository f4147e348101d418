import { describe, expect, it } from 'vitest'
import { drawnLine } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { flat } from '../helpers/prose.js'
import { variedTriFold } from '../helpers/varied-layouts.js'
import { expectInOrder } from '../layout/order-helpers.js'

describe('splitHeadingRows', () => {
  it("reads each panel's heading over its own panel, where MuPDF joined the row of headings", () => {
    // Seed 35's tri-fold 35017, panels 17 pt apart drawn by rows: "New railway" and "Narrow
    // hospital" were one block across the gutter, read together over both panels ("New railway
    // Narrow hospital"), and the page was rated ok.
    const made = variedTriFold(35017)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    const blocks = analysis.text.split('\n\n').map(flat)
    expect(blocks).toContain('New railway')
    expect(blocks).toContain('Narrow hospital')
    expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
  })

  it("leaves a table's head row whole over its columns of names", () => {
    // redp5110 p11: "Special register" and "Corresponding value" head a table of register
    // names; cut apart, the table was read as a grid of four blocks and the page sent to review.
    const layout = layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 11)
    const rows = layout.blocks.map((b) => b.lines.map(drawnLine).join(' '))
    expect(rows).toContain('Special register Corresponding value')
  })
})
