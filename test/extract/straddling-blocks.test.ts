import { describe, expect, it } from 'vitest'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedLeaflet, variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { variedTriFold } from '../helpers/varied-layouts.js'
import { expectInOrder, readsInOrder } from '../layout/order-helpers.js'

/** A generated full leaflet (test/helpers/varied-leaflets.ts) and its text. */
function readLeaflet(seed: number, make = variedLeaflet) {
  const made = make(seed)
  const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
  return { made, text: analysis.text }
}

/** A generated full leaflet's text, flattened, once it is found to hold every paragraph in order. */
const readRight = (seed: number, make = variedLeaflet): string => readsInOrder(make(seed)).text

/** A generated tri-fold's text and its blocks' texts. */
function leaflet(seed: number) {
  const made = variedTriFold(seed)
  const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
  return { made, text: analysis.text, blocks: analysis.text.split('\n\n').map(flat) }
}

describe('splitStraddlingBlocks', () => {
  it('parts the feet of panels drawn row by row that MuPDF joined across a narrow gutter', () => {
    // Courier panels 15 pt apart: the third panel's last list item and the first panel's address
    // under it were one block across the page, which bridged both gutters; the headings were then
    // read as one row, and the list item ran into the address ("… last century Distant Canal").
    const { made, text, blocks } = leaflet(9000)
    // Its list repeats an item, which the text holds twice: each is looked for once.
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks).toContain('Distant Canal 41 Market Street VT2 9AB')
    expect(blocks.some((b) => b.includes('century Distant'))).toBe(false)
  })

  it("parts one panel's last words from the next panel's address under them", () => {
    // "the crowded ferry." ends the third panel's paragraph beside the second panel's address:
    // MuPDF read them as one block across the gutter, and the headings as one row.
    const { made, text, blocks } = leaflet(3012)
    expectInOrder(flat(text), made.paragraphs.map(flat))
    expect(blocks).toContain('1 Market Street VT9 3AB')
    expect(blocks).toContain('the crowded ferry.')
  })

  it("parts a panel's address from the next panel's list, that panel's prose two lines", () => {
    // Seed 24's tri-fold 24010: the third panel holds a heading, a sentence wrapped over two
    // lines and a list, too little running text to be a side of the gutter; its last list item
    // and the second panel's address under it were one block, read after the third panel
    // ("- Station: since the flood Broken Station 31 Market Street VT9 4AB"), rated ok.
    const { made, text, blocks } = leaflet(24010)
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks).toContain('Broken Station 31 Market Street VT9 4AB')
  })

  it("parts a panel's two lines from the next panel's column drawn row by row beside them", () => {
    // Seed 35's tri-fold 35017: the second panel's paragraph, two lines, and the third panel's
    // were one block, its lines in turn ("…meadow late on The volunteers measured…"); no other
    // block of running text stood left of that gutter to show it.
    const { blocks } = leaflet(35017)
    expect(blocks).toContain(
      'The engineers described the northern meadow late on Friday, and then moved the station of the new garden.'
    )
    expect(blocks.some((b) => b.includes('late on The volunteers'))).toBe(false)
  })

  it("parts a panel's list from the third panel's paragraph, the middle panel ended above", () => {
    // Seed 73's tri-fold 73019: the second panel, a sentence over two lines and an address,
    // ends high; the first panel's list and the third panel's second paragraph, on the rows
    // under it, were one block across the page. The gutters beside the second panel held no
    // block of running text of three rows, and the page was read headings first, rated ok.
    const { made, text, blocks } = leaflet(73019)
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks).toContain('- Council: during the holidays - Village: since the flood')
  })

  it("parts one panel's last item from the next but one panel's heading, level with it", () => {
    // A leaflet drawn row by row (variedLeaflet 6): the first panel's last list item and the
    // third panel's heading stand on one row, the middle panel ended above them. MuPDF made one
    // block of that row, taken for a row of the page (a folio beside its running head), and the
    // item was read after the third panel's list, under its heading.
    const { made, text } = readLeaflet(6)
    expectInOrder(flat(text), made.paragraphs.map(flat))
    expect(text).toContain('- Chapel: since the flood\n\nSmall hospital')
  })

  it("parts a panel's list from the third panel's list beside it, past its column's longest line", () => {
    // variedLeaflet 18, ragged: a line of the first panel's list ends a tenth of a point past
    // the longest line of the paragraph above it, so the gutter seemed to start inside the
    // block and the rows of the first and third panels' lists were read across the page.
    const { made, text: read } = readLeaflet(18)
    const text = flat(read)
    // Its second list names the tower twice: the items found once on the page give the order.
    const once = made.paragraphs.map(flat).filter((p) => text.indexOf(p) === text.lastIndexOf(p))
    expect(once).toHaveLength(made.paragraphs.length - 1)
    expectInOrder(text, once)
  })

  it('parts a row where two panels each go on from the line above, level by chance', () => {
    // variedLeaflet 1: "and then painted the hospital of the empty tower." goes on from the
    // middle panel's "… every spring," and "quarry." ends the third panel's sentence, on one
    // row; MuPDF made them one block, read "and then painted … tower. quarry.", the third
    // panel's paragraph cut before its last word.
    expect(readRight(1)).toContain('photographed the school of the small quarry.')
  })

  // variedLeaflet 457: "and then painted the railway of the empty meadow." goes on from the
  // middle panel's "… every spring," on the row of the third panel's first item, "- Museum",
  // which opens a list a paragraph's gap under that panel's text. Read as one block, the sentence
  // ran on into the item, and the middle panel's heading "Quiet harbour" and its paragraph came
  // after the third panel. Leaflet 46, in Courier: "weather by the weekend, with" goes on from
  // "Forecasters expect calmer" beside the next panel's heading "Northern forest".
  it.each([457, 46])(
    "parts a row where one panel's sentence goes on beside what the next panel opens (%i)",
    (seed) => {
      readRight(seed)
    }
  )

  it("parts a cover title's second line from the list item level with it in the next panel", () => {
    // variedLeaflet 474: "Festival", the cover title's second line (set far larger, centred
    // under "Quiet Hospital"), on the row of the middle panel's item "o Archive: since the
    // flood": no sentence goes on, but two columns do, each in a size of its own.
    expect(readRight(474)).toContain('Quiet Hospital Festival')
  })

  it("parts a list item's wrapped words from the cover's line level with them", () => {
    // variedLeaflet 274, in Courier: "once a month" wraps the middle panel's "* Railway: every
    // spring and again", hanging at the item's text, on the row of the cover's "Forecasters
    // expect calmer". Read as one block, the cover's sentence came between the middle panel's
    // items; the page was rated ok.
    expect(readRight(274)).toContain('every spring and again once a month')
  })

  it("parts two panels' headings set in the body's size, each over its own panel's column", () => {
    // variedLeaflet 261: "Busy ferry" heads the middle panel's list and "Green orchard and the
    // museum tower" the third panel's paragraph, on one row at the top of the page, in the size
    // of the text under them; and each of the list's items stood on a row with a line of that
    // paragraph. Read as rows across both panels, the items cut the paragraph's sentences.
    expect(readRight(261)).toContain(
      'Green orchard and the museum tower The railway reached the valley'
    )
  })

  it("parts the third panel's lines from rows MuPDF stacked across all three panels", () => {
    // variedLeaflet 285, justified Times: two rows of three panels' lines, off each other's
    // level by a few points, made two blocks across the page one over the other. Cut at the first
    // gutter, the side right of it still held the middle and the third panels' lines, read as
    // one ("The mayor visited the flooded school after the flooded chapel. The clerk …").
    expect(readRight(285)).toContain(
      'The mayor visited the flooded school after the storm, and then moved'
    )
  })

  it("parts a row of three panels, each piece at the edge of its panel's column of prose", () => {
    // variedLeaflet 345: the first panel's "The ships that came into the harbour late" opens a
    // paragraph beside the middle panel's "- Meadow: for nine years" and the third panel's
    // heading "Distant meadow", on one row: no sentence goes on and all are set near one size,
    // but each starts at the left edge of its panel's paragraphs. Read as one block, the first
    // panel's paragraph lost its first line to the row; the page was rated ok.
    expect(readRight(345)).toContain('came into the harbour late on Friday found the quay')
  })

  // Leaflets drawn row by row whose panels' headings fall level: MuPDF made each row of headings
  // one block ("Old archive Broken meadow", 111; three panels' headings, 156), and each heading
  // was read away from its panel, the second before the first panel's text. Set larger than the
  // page's text, each over text of its own, on either side of a band of the page's whitespace,
  // they are cut there.
  it.each([111, 156, 60])("parts the panels' headings MuPDF joined on their row (%i)", (seed) => {
    readRight(seed)
  })

  it("parts a cover's centred sentence from the next panel's heading over its paragraph", () => {
    // Leaflet 5808, in Courier: the cover's centred "workers can visit after" goes on from "late on
    // Thursdays so that" above it, level with "Empty lighthouse", which heads the next panel's
    // paragraph at its edge with no line over it. Read as one row, the heading came between the
    // cover's lines; the page was rated ok.
    expect(readRight(5808)).toContain(
      'late on Thursdays so that workers can visit after their shifts.'
    )
  })

  it("parts two panels' headings in the body's size, each over a list at its edge", () => {
    // Leaflet 3529: "Flooded forest" and "Western market", 11 pt over 10.5 pt text, were one
    // block and read as one heading, the second panel's list after the first's, rated ok. Neither
    // panel holds running text under its heading, and the headings stand apart by no size.
    expect(readRight(3529)).toContain('Western market * River: every spring')
  })

  // Leaflets drawn row by row with a cover panel: the cover's title and the sentence under it,
  // each line centred in a size and leading of its own, were joined into the next panel's
  // paragraphs ("…cleaned the new theatre in the Famous School Guide last century"). No block of
  // running text stands on the cover's side; the band of whitespace between the panels, down the
  // whole page, is what parts them.
  for (const [seed, where] of [
    [82, 'on the right'],
    [4, 'on the left']
  ] as const) {
    it(`parts a cover's centred title and lines from the panel beside them (${where})`, () => {
      readRight(seed)
    })
  }

  it("parts the feet of panels set to other leadings, their lines off each other's level", () => {
    // Seed 38's tri-fold 38002, panels 42 pt apart drawn by rows, the third panel's list 6 pt
    // off the other panels' rows: MuPDF joined the three panels' feet into blocks of lines off
    // each other's level (not one row, as a folio beside its running head is), three lines and
    // more under the last pair of prose blocks, and the page was read row by row across them.
    const { made, text, blocks } = leaflet(38002)
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks.some((b) => b.includes('the end of the - Orchard'))).toBe(false)
  })

  it("parts a panel's foot from the next panel's rows, each row of that panel a block alone", () => {
    // Seed 52's tri-fold 52013, Courier panels 30 pt apart drawn by rows: MuPDF gave each
    // justified row of the second panel a block of its own, so no block of running text stood
    // right of the gutter, and the first panel's address was one block with the second panel's
    // last lines; the page was read as one column, a heading row first, and rated ok.
    const { made, text, blocks } = leaflet(52013)
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks).toContain('99 Market Street VT7 2AB')
    expect(blocks.some((b) => b.includes('VT7') && b.includes('museum'))).toBe(false)
  })

  it('parts two panels whose every row MuPDF made a block across both, and their headings', () => {
    // Seed 124's tri-fold 124005, panels 13 pt apart drawn by rows: each row of the second and
    // third panels was one block across both, their headings another ("Old railway Green
    // garden"), and no block of running text stood on either side of that gutter; the two
    // panels were read row by row, rated ok. The rows, stacked at one measure, show the gutter.
    const { made, text, blocks } = leaflet(124005)
    expectInOrder(flat(text), [...new Set(made.paragraphs.map(flat))])
    expect(blocks).toContain('Old railway')
    expect(blocks.some((b) => b.includes('late on Our readers'))).toBe(false)
  })

  it("parts a cover's centred last words from the list item level with them", () => {
    // variedLeaflet 987: the cover's "Apple trees in the old orchard flower / two weeks earlier
    // than they did a" ends "century ago." on the row of the middle panel's "o Station: for nine
    // years and again before", each line centred on the cover's axis. Read as one block, the
    // cover's sentence lost its end to the list; the page was rated ok.
    expect(readRight(987)).toContain('earlier than they did a century ago.')
  })

  it.each([
    ["the first panel's heading", 3901, 'fell by a third before dawn, and the merchants blamed'],
    ["a line the first panel's paragraph goes on into", 3941, 'the end of the street long before']
  ])(
    "parts a cover's centred line, its sentence wrapped onto the centred line under it, from %s (%i)",
    (_, seed, sentence) => {
      // Each row was one block of the first panel's line and the cover's, the cover's sentence
      // cut off from its second line; rated ok. Neither is a table's row: the cover's sentence
      // goes on out of its line into the one centred under it.
      expect(readRight(seed)).toContain(sentence)
    }
  )

  it("parts an item's wrapped words set a fixed indent right of a letter o bullet", () => {
    // variedLeaflet 1314, in Courier: "once a month" wraps the third panel's "o Archive: since
    // the flood and again", 12 pt right of the bullet where the item's text starts 10.8 pt right
    // of it, on the row of the middle panel's "Forecasters expect calmer weather by the". The
    // letter o is no list marker to layout's lists, but it opens the items of a column.
    expect(readRight(1314)).toContain('since the flood and again once a month')
  })

  it("parts the page's last row where each side goes on from its own column", () => {
    // variedLeaflet 1335: the page ends on a row of the first panel's "merchants blamed the
    // weather at sea." and the third panel's "o Village: for nine years". A page's last row was
    // never cut, as a running foot beside its folio is one row; this one's sides each go on from
    // the line right above them, the sentence in lower case. The page was rated ok.
    expect(readRight(1335)).toContain('before dawn, and the merchants blamed the weather at sea.')
  })

  it("parts a cover's title from the list beside it on a page of one paragraph", () => {
    // variedLeaflet 1753, in Courier: the cover's "Quiet Lighthouse" and "Festival", set far
    // larger, stand between the middle panel's list items, and MuPDF made them one block of rows
    // across the band between the panels. The page holds one paragraph; the title was read
    // inside the list.
    expect(readRight(1753)).toContain('Quiet Lighthouse Festival')
  })

  it("keeps a book's list of symbols whole, each symbol with its meaning", () => {
    // GeoTopo's "Symbolverzeichnis" (page 113): symbols left, meanings right, a band of the
    // page's whitespace between them from top to foot, and one paragraph on the page. Its rows
    // are stacked as a leaflet's are, but neither side is a list: cut at the band, every symbol
    // was read apart from what it means.
    const layout = layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 113)
    const blocks = layout.blocks.map((b) => flat(drawnText(b)))
    expect(blocks.some((b) => b.includes('X#Y Verklebung von X und Y'))).toBe(true)
    expect(blocks.some((b) => b.includes('A ∼= B A ist isometrisch zu B'))).toBe(true)
  })

  it("parts two panels' lists whose rows MuPDF stacked across the band between them", () => {
    // variedLeaflet 368: the middle and the third panels each open with a heading over a list,
    // their items level row by row, and MuPDF made the rows one block across both panels. The
    // page holds one paragraph only, which no longer keeps the cut from a band with a list on
    // each side of it.
    readRight(368)
  })

  // Printed leaflets drawn row by row, one panel's section beside another's, each under a heading
  // of its own, the rows one block of MuPDF's across the band of whitespace between the panels:
  // 163, an address beside a numbered list, on a page with no paragraph but the cover's line
  // ("28 Theatre Street | 1. Station: late on Friday" read as a table's rows, rated ok); 1118, a
  // paragraph beside an address, the headings bold in the text's size; 1150, an address beside a
  // list. Each side stands in its panel's column at its edge, and one opens under a heading.
  it.each([163, 1118, 1150])(
    "parts a panel's address from the section beside it in the next panel (%i)",
    (seed) => {
      readRight(seed, variedPrintedLeaflet)
    }
  )

  // Printed leaflets drawn row by row, read across their panels before (each rated ok or read
  // wrong): 1574, two panels' lists side by side on a page whose only running text is the cover's
  // centred paragraph, which MuPDF leaves a block a line, each line's edges its own (read as a
  // table, "late on | - | Factory: once a month"); 1747, the cover's title level with the next
  // panel's heading, a paragraph's last line over it, the title with no line over it ("Busy mill
  // Flooded"); 1231, a numbered item's wrapped line beside the next panel's list, under the
  // text of its item rather than its number; 2106, a centred quotation's line going on under it
  // beside the first line of the next panel's paragraph, right under that panel's heading;
  // 2248, in Courier, a quotation's first line beside the first line of the address before it,
  // under that panel's heading in bold in the text's size ("4 Quarry Street \"The railway …").
  it.each([1574, 1747, 1231, 2106, 2248])(
    "parts a panel's line from the next panel's beside it, row by row (%i)",
    (seed) => {
      readRight(seed, variedPrintedLeaflet)
    }
  )

  it("parts a quotation's line from the next panel's list item, their boxes set close", () => {
    // Printed leaflet 1207: the quotation's lines are set large with a leading shorter than their
    // boxes, which overlap by two points; its second line still stands under its first.
    readRight(1207, variedPrintedLeaflet)
  })

  // Printed leaflets drawn row by row, read across their panels before: 2317, in Courier, a
  // bulleted list beside the next panel's numbered one, each under its heading, an item over
  // each side of the row (left whole, as a table's rows might be: "* Bakery: before the war 2.
  // Quarry: on market days", rated ok); 4502, a centred quotation's first line level with "1.
  // Bridge: after the storm" right under the next panel's heading (bold, in the text's 8 pt),
  // the two headings one block over them (a list headed no column as a paragraph does, so the
  // row and its headings were left whole); 5983, panels 12 pt apart, the cover's sentence,
  // centred under its title in 11 pt, beside the next panel's 10 pt paragraph ("…late on The
  // builders mapped…", rated ok), the cover's line standing in its column on its title's axis;
  // 7649, the cover's centred sentence level with the third panel's heading across the empty
  // rows of the middle panel, a quotation centred under that heading ("…after trees Famous
  // railway", rated ok): a heading heads what starts under it, centred or not.
  it.each([2317, 4502, 5983, 7649])(
    "parts two panels' sections under their headings, row by row (%i)",
    (seed) => {
      readRight(seed, variedPrintedLeaflet)
    }
  )

  it("keeps a justified line's pieces together over a row cut below them", () => {
    // Printed leaflet 6047, in Courier: MuPDF leaves a justified line a piece a word ("to", "dry",
    // "before" …) on a row right over rows cut at the panels' gutter; the word gap over that
    // gutter holds no band of the page's whitespace, and the line is not cut there.
    const { text } = readsInOrder(variedPrintedLeaflet(6047))
    expect(text).toContain('fields to dry before they can finish bringing in the harvest.')
  })

  // variedLeaflet 3948: a panel's last list item, "- Chapel: before the war", five points off the
  // level of the next panel's items, made one block with them; 3342: a paragraph going on beside
  // the next panel's heading. Each side goes on from its own column right above it, on a page of
  // running text, across the band between the panels.
  it.each([3948, 3342])('parts two panels going on down their columns, row by row (%i)', (seed) => {
    readRight(seed)
  })

  it('keeps a table alone on its page whole, its header row in bold, drawn row by row', () => {
    // Nothing on the page crosses the whitespace between the table's columns, so a band of it
    // runs down the whole page, as between a leaflet's panels; but a header row set in the
    // text's size heads no panel.
    const rows = [
      ['Branch', 'Opening hours'],
      ['91 Council Street', 'Monday to Friday, 9 to 5'],
      ['4 Mill Lane', 'Saturday, 10 to 4'],
      ['22 Museum Street', 'Monday to Saturday, 9 to 6'],
      ['7 Harbour Road', 'Closed until spring']
    ]
    const runs: Run[] = rows.flatMap(([place, hours], i): Run[] => {
      const font = i === 0 ? ('bold' as const) : undefined
      const y = 700 - 13 * i
      return [
        { x: 72, y, text: place!, size: 10, font },
        { x: 300, y, text: hours!, size: 10, font }
      ]
    })
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(analysis.text.split('\n')).toEqual(rows.map((row) => row.join(' ')))
  })

  it('keeps a glossary drawn row by row whole: each term with its definition', () => {
    // Short terms left of definitions of two lines, drawn a row at a time: the definitions are
    // running text beside the terms, but the terms are no paragraph, and no gutter parts them.
    const entries = [
      ['Harbour', PROSE.harbour],
      ['Orchard', PROSE.orchard],
      ['Railway', PROSE.railway]
    ] as const
    const runs: Run[] = []
    let top = 700
    const expected = entries.map(([term, text]) => {
      const definition = text.split('. ').slice(0, 2).join('. ') + '.'
      const lines = column(definition, 190, top, 330)
      runs.push({ x: 72, y: top, text: term }, ...lines)
      top -= lines.length * 12 + 8
      return `${term} ${definition}`
    })
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(analysis.text.split('\n\n').map(flat)).toEqual(expected)
  })
})
