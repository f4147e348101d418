import { describe, expect, it } from 'vitest'
import { joinedHeadings } from '../../src-main/checks/panel-headings.js'
import type { Block } from '../../src-main/shared/layout.js'
import { blockOf, readInOrder } from '../helpers/check-input.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { variedLeaflet, variedPrintedLeaflet } from '../helpers/varied-leaflets.js'

/** Two columns of body text, 200 pt wide, 40 pt apart, from y 120. */
const columns = (first: number): Block[] =>
  [0, 1].map((side) =>
    blockOf(
      first + side,
      Array.from({ length: 6 }, (_, row) => [
        'running text of the column goes on here',
        [72 + side * 240, 120 + row * 12, 272 + side * 240, 130 + row * 12],
        9
      ])
    )
  )

describe('joinedHeadings', () => {
  it('finds two columns’ headings MuPDF made one block on their shared row', () => {
    const heads = blockOf(0, [
      ['Old archive', [72, 100, 150, 112], 12],
      ['Broken meadow', [312, 100, 410, 112], 12]
    ])
    const found = joinedHeadings(readInOrder([heads, ...columns(1)]))
    expect(found).toEqual([{ text: 'Old archive Broken meadow', bbox: [72, 100, 410, 112] }])
  })

  it('finds headings in bold in the body’s size, as a leaflet set in Courier has them', () => {
    // Printed leaflet 2738, Courier 8.5 pt with its headings bold at 8.5 pt: "Wooden bakery"
    // and "Small council" were read as one line, and the page was rated ok (extraction now cuts
    // them); printed leaflet 1870, Helvetica 11 pt with its headings bold at 11 pt, a page of
    // headings and lists with no running text, still reads two as one.
    const bold = (line: Block['lines'][number]) => ({
      ...line,
      spans: line.spans.map((s) => ({ ...s, bold: true }))
    })
    const heads = blockOf(0, [
      ['Old archive', [72, 100, 150, 110], 9],
      ['Broken meadow', [312, 100, 410, 110], 9]
    ])
    const input = readInOrder([{ ...heads, lines: heads.lines.map(bold) }, ...columns(1)])
    expect(joinedHeadings(input).map((h) => h.text)).toEqual(['Old archive Broken meadow'])
    const drawn = variedPrintedLeaflet(1870)
    const { analysis } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
    expect(analysis.decision).toBe('review')
    expect(analysis.flags.find((f) => f.code === 'order_suspect')?.message).toContain(
      '("Northern bakery Flooded bakery")'
    )
  })

  it('leaves alone a title across the columns, a form’s labels in body type and a lone heading', () => {
    const title = blockOf(0, [['A title set across both columns', [72, 90, 512, 104], 14]])
    expect(joinedHeadings(readInOrder([title, ...columns(1)]))).toEqual([])
    const labels = blockOf(0, [
      ['Name of the applicant', [72, 100, 150, 110], 9],
      ['Date of the application', [312, 100, 420, 110], 9]
    ])
    expect(joinedHeadings(readInOrder([labels, ...columns(1)]))).toEqual([])
    // Headings each a block of its own: read with their columns, nothing joined.
    const left = blockOf(0, [['Old archive', [72, 100, 150, 112], 12]])
    const right = blockOf(1, [['Broken meadow', [312, 100, 410, 112], 12]])
    expect(joinedHeadings(readInOrder([left, right, ...columns(2)]))).toEqual([])
  })

  it('finds the joined headings of leaflets drawn row by row, and none on leaflets read right', () => {
    // Full leaflets (test/helpers/varied-leaflets.ts) whose panels' headings extraction leaves
    // joined on their row: "Distant garden Empty canal" (7332), "Flooded council Old school"
    // (printed 2425); and leaflets whose text passes every test. (Leaflets 111, 156, 270, 574
    // and 939, found so before, are now cut at the band: test/extract/straddling-blocks.test.ts.)
    const joined = (seed: number, make = variedLeaflet) => {
      const drawn = make(seed)
      const { analysis } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
      const flag = analysis.flags.find((f) => f.code === 'order_suspect')
      return { decision: analysis.decision, message: flag?.message ?? '' }
    }
    expect(joined(7332)).toEqual({
      decision: 'review',
      message: expect.stringContaining(
        'headings of side-by-side columns are read as one line ("Distant garden Empty canal")'
      )
    })
    expect(joined(2425, variedPrintedLeaflet).message).toContain('("Flooded council Old school")')
    for (const seed of [2, 3, 5, 7, 12, 20]) expect(joined(seed).message).toBe('')
  })
})
