import { describe, expect, it } from 'vitest'
import { bodySize } from '../../src-main/layout/body-size.js'
import {
  acrossTextColumns,
  isProseBesideList,
  isProseGrid,
  runsOver
} from '../../src-main/layout/table-prose.js'
import { tableRegions } from '../../src-main/layout/table-regions.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { TABLE_KINDS, generatedTable } from '../helpers/generated-tables.js'
import { layoutOfBytes } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { levelParagraphsPage } from '../helpers/paragraph-columns.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { variedLeaflet, variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { readsInOrder } from './order-helpers.js'

/** The blocks of the page's first table region. */
function regionBlocks(layout: PageLayout) {
  const [region] = tableRegions(layout, () => true)
  return region!.map((id) => layout.blocks[id]!)
}

describe('prose told from table cells by its text', () => {
  it('takes paragraphs set in three level columns for prose', () => {
    const layout = layoutOfBytes(levelParagraphsPage(1000).bytes)
    expect(layout.blocks.filter(runsOver).length).toBeGreaterThanOrEqual(6)
    expect(isProseGrid(layout.blocks, bodySize(layout))).toBe(true)
  })

  it("takes no stanza of PDFBOX-3110's poems for prose: each line starts afresh", () => {
    const layout = layoutOf(corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf'))
    const stanzas = regionBlocks(layout)
    expect(stanzas.length).toBe(6)
    expect(stanzas.filter(runsOver)).toEqual([])
    expect(isProseGrid(stanzas, bodySize(layout))).toBe(false)
  })

  it.each(TABLE_KINDS)('takes no %s table for prose', (kind) => {
    const layout = layoutOfBytes(generatedTable(kind, 1000).bytes)
    expect(isProseGrid(regionBlocks(layout), bodySize(layout))).toBe(false)
  })
})

describe('justified prose in a monospaced face', () => {
  // Narrow Courier columns justified word by word: MuPDF cuts their rows at the stretched gaps,
  // and rows holding as many letters before a gap line up ("She   still   uses" over "she
  // feeds   with") as a table's cells do. The paragraph was read as a table, a row a line, ok.
  it.each([
    ['one block of rows, beside a box in three columns', 93005, 'Wooden library school.'],
    [
      'a column 76 pt wide, two words to a row, read as cells of a clean page',
      103004,
      'BUSY FERRY'
    ],
    [
      'a block of rows of three pieces, its box joined to it, in two columns',
      107014,
      'Western bakery.'
    ]
  ])('reads the paragraph as running text, with no table: %s', (_, seed, opening) => {
    const booklet = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const paragraph = booklet.paragraphs.find((p) => p.startsWith(opening))!
    expect(flat(analysis.text)).toContain(flat(paragraph))
    expect(analysis.text).not.toContain('\t')
    expect(analysis.flags.map((f) => f.code)).not.toContain('table')
  })
})

describe('justified prose in a proportional face', () => {
  it('reads a boxed paragraph of two rows cut at their stretched gaps as running text', () => {
    // A paragraph 80 pt wide beside a box, its first two rows one block ("The    town" over
    // "library    lends"): the words after the gaps started 2.9 pt apart, within the 3 pt a
    // column of cells was allowed, and the block was read as table rows, a clean page flagged.
    const booklet = variedBooklet(182004)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const paragraph = booklet.paragraphs.find((p) => p.startsWith('The town library'))!
    expect(flat(analysis.text)).toContain(flat(paragraph))
    expect(analysis.text).not.toContain('\t')
    expect(analysis.decision).toBe('ok')
  })
})

describe('a narrow justified paragraph beside a box, its heading run in past the measure', () => {
  // Booklet 246001: a paragraph 72 pt wide beside a "! WARNING" box, each row two words or three
  // spread to the measure, its run-in heading's row set 7 pt past it. Measured from that row,
  // no other row ran full, the paragraph was taken for rows of table cells and read with the
  // box's lines between its words ("! Small hospital. A / WARNING young doctor"), rated ok.
  it('reads the paragraph whole, apart from the box', () => {
    const booklet = variedBooklet(246001)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const text = flat(analysis.text)
    for (const paragraph of booklet.paragraphs) expect(text).toContain(flat(paragraph))
    expect(analysis.flags.map((f) => f.code)).not.toContain('table')
  })
})

describe('a paragraph beside a list, in the next panel', () => {
  // Courier leaflets, justified: a panel's paragraph and the next panel's list, 13 to 14 pt
  // apart, line up row for row, and were read as one table ("weekend, with sunshine returning
  // to the south | o | Museum: | on market days"), rated ok.
  it.each([2817, 3083])('reads leaflet %i’s paragraph whole and its list apart', (seed) => {
    const made = variedLeaflet(seed)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    const text = flat(analysis.text)
    for (const paragraph of made.paragraphs) expect(text).toContain(flat(paragraph))
    expect(analysis.text).not.toContain('\t')
  })

  it('takes none of the generated tables for a paragraph beside a list', () => {
    for (const kind of TABLE_KINDS) {
      const layout = layoutOfBytes(generatedTable(kind, 1000).bytes)
      expect(isProseBesideList(regionBlocks(layout))).toBe(false)
    }
  })
})

describe('panels whose sections stand level, a page-tall band between them', () => {
  it('reads them panel by panel, no table', () => {
    // Printed leaflet 1990, drawn panel by panel: the middle panel's list and the paragraph under
    // it (one block of MuPDF's) stood level with the third panel's address and heading, and Recto
    // read the three blocks as one table across the gutter, the paragraph's justified words dealt
    // into cells ("waiting | for | the | fields"), rated ok with a note.
    const made = variedPrintedLeaflet(1990)
    const { analysis } = readsInOrder(made)
    expect(analysis.roles).not.toContain('table')
  })

  it("reads a panel's paragraph and list apart from the next panel's list, drawn row by row", () => {
    // Leaflet 10756, held out: the middle panel's paragraph and list stood level with the third
    // panel's list, that panel's only text, and were read as a table a row a line ("…old atlases
    // in a | - | Market: after the storm"), rated ok with a note. A list, its marks drawn apart
    // from its items, counts on its side of the band as running text does on the other.
    const { analysis } = readsInOrder(variedLeaflet(10756))
    expect(analysis.roles).not.toContain('table')
  })

  it('takes a dash for an empty cell beside figures for no list', () => {
    // A paragraph left of the page's band, a table's labels and its column of figures right of
    // it, drawn a column at a time, two of the figures a dash: no list's items.
    const paragraph = column(PROSE.harbour, 72, 700, 200, 10, 12)
    const figures = ['12.5', '-', '7.0', '-']
    const cells: Run[] = [
      ...figures.map((_, i): Run => ({ x: 300, y: 700 - 12 * i, text: `Row ${i + 1}` })),
      ...figures.map((figure, i): Run => ({ x: 420, y: 700 - 12 * i, text: figure }))
    ]
    const layout = analysisOfDrawn([{ runs: [...paragraph, ...cells] }]).pages[0]!.layout
    const table = layout.blocks.filter((b) => b.bbox[0] >= 290)
    expect(table.map((b) => b.bbox[0])).toEqual([300, 420])
    expect(acrossTextColumns(layout, table)).toBe(false)
  })

  it('takes none of the generated tables for panels', () => {
    for (const kind of TABLE_KINDS) {
      const layout = layoutOfBytes(generatedTable(kind, 1000).bytes)
      expect(acrossTextColumns(layout, regionBlocks(layout))).toBe(false)
    }
  })
})
