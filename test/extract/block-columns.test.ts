import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { TRIFOLD, triFoldPage } from '../helpers/leaflet-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedTriFold } from '../helpers/varied-layouts.js'
import { variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { expectInOrder, readsInOrder } from '../layout/order-helpers.js'

const LEADING = 12

/** A column of paragraphs from `top` down, one empty line between them. */
function paragraphs(texts: readonly string[], x: number, top: number, width: number): Run[] {
  const runs: Run[] = []
  let y = top
  for (const text of texts) {
    const lines = column(text, x, y, width, 10, LEADING)
    runs.push(...lines)
    y -= (lines.length + 1) * LEADING
  }
  return runs
}

/** Line i of the left column, then line i of the right: both columns filled at once. */
function alternate(left: readonly Run[], right: readonly Run[]): Run[] {
  return Array.from({ length: Math.max(left.length, right.length) }, (_, i) =>
    [left[i], right[i]].filter((r) => r !== undefined)
  ).flat()
}

const TITLE: Run = { x: 140, y: 740, text: 'Notes from a Valley Town', size: 18, font: 'bold' }
const ABSTRACT =
  'Abstract. This page sets a full-width abstract above two columns of running text whose lines ' +
  'the content stream draws in turn, one of the left column and then one of the right.'
const LEFT = [PROSE.harbour, PROSE.orchard]
// The columns' paragraphs end on different rows, as they do on a real page: where they end
// level, the blocks line up like a table's cells.
const RIGHT = [`${PROSE.railway} ${PROSE.library}`, PROSE.bakery]

/** The page's text and flags, its columns starting `gap` points below the abstract's leading. */
function interleavedPage(gap: number) {
  const abstract = column(ABSTRACT, 72, 710, 468, 10, LEADING)
  const top = 710 - abstract.length * LEADING - gap
  const left = paragraphs(LEFT, 72, top, 222)
  const right = paragraphs(RIGHT, 318, top, 222)
  const runs = [TITLE, ...abstract, ...alternate(left, right)]
  return analysisOfDrawn([{ runs }]).pages[0]!.analysis
}

const READING = ['Notes from a Valley Town', ABSTRACT, ...LEFT, ...RIGHT].map(flat)

describe('splitBlockColumns', () => {
  it('reads columns drawn a line of each in turn whole, each paragraph one', () => {
    const page = interleavedPage(6)
    expectInOrder(page.text, READING)
    const columns = page.flags.find((f) => f.code === 'multi_column')
    expect(columns?.evidence['columns']).toBe(2)
  })

  it('parts them from the abstract above, set at their leading in the same block', () => {
    // MuPDF makes one block of the abstract and the columns' shared rows: read as rows, it
    // interleaved "… the harbour late on Friday found the quay The railway reached …".
    expectInOrder(interleavedPage(0).text, READING)
  })
})

describe('splitBlockColumns on a tri-fold leaflet', () => {
  it('reads three panels drawn row by row across the page panel by panel, lists and all', () => {
    // MuPDF makes one block of the headings' row and one of all the panels' rows: read as a
    // table before, "… every weekday morning Members may borrow … Rooms for groups …".
    const { analysis } = analysisOfDrawn([triFoldPage()]).pages[0]!
    expectInOrder(
      analysis.text,
      TRIFOLD.flatMap((panel) => [panel.heading, flat(panel.paragraph), ...panel.lines])
    )
    for (const panel of TRIFOLD) {
      expect(analysis.text).toContain(`${panel.heading}\n\n${flat(panel.paragraph)}\n\n`)
    }
    expect(analysis.flags.map((f) => f.code)).not.toContain('table')
    expect(analysis.flags.find((f) => f.code === 'multi_column')?.evidence['columns']).toBe(3)
  })
})

describe('splitBlockColumns on tri-folds of other makes', () => {
  /** A generated tri-fold's text: every paragraph, list item and address line, panel by panel. */
  function readsPanelByPanel(seed: number): void {
    const leaflet = variedTriFold(seed)
    const { analysis } = analysisOfDrawn([leaflet.page], leaflet.family).pages[0]!
    expectInOrder(flat(analysis.text), leaflet.paragraphs.map(flat))
  }

  it('reads panels whose justified lines MuPDF cut into pieces at wide word gaps', () => {
    // Courier spread to 221 pt panels: MuPDF gives "She " / "still " / "uses " as lines of their
    // own, so no side looked like running text and the panels were read row by row across.
    readsPanelByPanel(1002)
  })

  it('reads panels whose paragraphs start at other heights, given as several blocks across', () => {
    // The second paragraph of one panel starts 5 pt below the others': MuPDF gives the rows from
    // there as more blocks across the page, which were read row by row across the panels.
    readsPanelByPanel(1007)
    readsPanelByPanel(1013)
  })
})

describe('splitBlockColumns on printed leaflets', () => {
  it("keeps a list's marks with their items where a dash and its space leave a gutter", () => {
    // Printed leaflet 3733, Courier 8.5 pt: each "-" stands 12 pt left of its item, leaving 7 pt
    // of white, as wide as the gutter the block was cut at, and the marks were read as a column
    // of their own after the panel's headings ("- -  -  -  Garden: late on Friday Village: …").
    const { text } = readsInOrder(variedPrintedLeaflet(3733))
    expect(text).toContain('- Garden: late on Friday - Village')
  })
})
