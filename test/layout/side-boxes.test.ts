import { describe, expect, it } from 'vitest'
import { marginNotePage, type BoxPage } from '../helpers/box-pages.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { variedLeaflet, variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { expectInOrder, readsInOrder } from './order-helpers.js'
import { textLine } from '../helpers/store-pages.js'
import { placeSideBoxes } from '../../src-main/layout/side-boxes.js'
import type { Block, Line } from '../../src-main/shared/layout.js'

/** The page's text as `recto text` gives it, a paragraph a block, and each block's role. */
function read(page: BoxPage['page']) {
  const { analysis } = analysisOfDrawn([page]).pages[0]!
  return {
    paragraphs: analysis.text.split('\n\n').map(flat),
    roles: analysis.order.map((id) => analysis.roles[id])
  }
}

describe('sideBoxHosts, boxes without a label', () => {
  it.each([
    ['2 columns', marginNotePage(2)],
    ['3 columns', marginNotePage(3)]
  ])(
    'reads a note in small type in the margin after the paragraph beside it, as an aside: %s',
    (_, noted) => {
      // Before, the margin was read as the page's first column: the note came first.
      const { paragraphs, roles } = read(noted.page)
      const [first, ...rest] = noted.paragraphs
      expect(paragraphs).toEqual([first, flat(noted.box), ...rest])
      expect(roles[1]).toBe('aside')
      expect(roles.filter((r) => r === 'aside')).toHaveLength(1)
    }
  )

  it("keeps a column's footnote in small type where it stands, level with the next column", () => {
    // Small type at the foot of the first column stands beside the second column's paragraph,
    // but in a column of the text: it is no box.
    const note = 'Figures for the harbour are taken from the annual report of the port authority.'
    const runs: Run[] = [
      ...column(PROSE.harbour, 72, 700, 220, 10, 12),
      ...column(note, 72, 560, 220, 8, 9.6),
      ...column(`${PROSE.orchard} ${PROSE.railway}`, 320, 700, 220, 10, 12)
    ]
    const { paragraphs, roles } = read({ runs })
    expect(paragraphs).toEqual([
      flat(PROSE.harbour),
      note,
      flat(`${PROSE.orchard} ${PROSE.railway}`)
    ])
    expect(roles).not.toContain('aside')
  })
})

describe('sideBoxHosts, a labelled box beside a heading on lines of its own', () => {
  // Seeded booklets whose boxed paragraph opens with a bold heading on lines of its own, the
  // box's "!" level with the heading: the box was read between the heading and its text
  // ("Quiet museum school. / ! IMPORTANT Check the mill / The engineers opened …"), rated ok.
  it.each([
    ['four columns, the heading indented for the box, the text under the box at the edge', 4016],
    ['three columns, a heading in capitals broken over two lines beside the box', 8015],
    // The heading alone in a block of its own, all bold: it ran on into nothing.
    ['four columns, a heading in capitals alone in its block beside the box', 257004]
  ])('reads the heading, then its text, then the box: %s', (_, seed) => {
    const booklet = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const text = flat(analysis.text)
    for (const paragraph of booklet.paragraphs) expect(text).toContain(flat(paragraph))
    for (const box of booklet.boxes) expect(text).toContain(box)
  })
})

describe('placeSideBoxes, a paragraph whose sentence runs on into the next column', () => {
  // A four-column Courier booklet: the box's paragraph is one block with the paragraphs under
  // it, down to the column's foot, where a sentence breaks before a capital ("…strong winds on"
  // / "Tuesday night."). The box, read after that block, cut the sentence; rated ok.
  it('reads the box after the block that ends the sentence', () => {
    const booklet = variedBooklet(63008)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    expect(flat(analysis.text)).toContain('strong winds on Tuesday night.')
    expect(paragraphs).toContain(booklet.boxes[0])
  })

  it("reads the box after the paragraph that runs on at a sentence's end, its last row full", () => {
    // Booklet 53013: the column ends on a full row ("…the school of the new ferry.") and the
    // paragraph goes on at the next column's top, flush and in plain type ("The teachers
    // mapped…"). The margin box "TIP Check the museum" was read between the two halves.
    const booklet = variedBooklet(53013)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const text = flat(analysis.text)
    expect(text).toContain('the school of the new ferry. The teachers mapped the small canal')
    expect(analysis.text.split('\n\n').map(flat)).toContain('TIP Check the museum')
  })
})

describe('placeSideBoxes, a heading broken over two columns', () => {
  // A column set solid ends on a bold heading's first line ("FLOODED GARDEN"), its last word and
  // its text at the next column's top ("CHAPEL." / "Its reading room…"). The box beside the
  // column's first paragraph was read between the heading's two halves, rated ok.
  const line = (text: string, y: number, bold = false): Line => {
    const plain = textLine(text, [40, y, 160, y + 10])
    return { ...plain, spans: plain.spans.map((s) => ({ ...s, bold })) }
  }
  const block = (id: number, lines: Line[]): Block => ({
    id,
    bbox: [lines[0]!.bbox[0], lines[0]!.bbox[1], 160, lines.at(-1)!.bbox[3]],
    lines
  })
  const column = block(0, [
    line('before the war, and then closed the', 600),
    line('museum of the river and the ridge.', 612),
    line('FLOODED GARDEN', 624, true)
  ])
  const box = block(1, [line('TIP', 100, true)])

  it('reads the box after the heading and the text under its last words', () => {
    const next = block(2, [line('CHAPEL.', 40, true), line('Its reading room stays open', 52)])
    const blocks = [column, box, next]
    expect(placeSideBoxes([0, 2, 1], new Map([[1, 0]]), (id) => blocks[id])).toEqual([0, 2, 1])
    // A heading of its own in the next column, over no text of its own: the box is read there.
    const alone = block(2, [line('CHAPEL.', 40, true)])
    const apart = [column, box, alone]
    expect(placeSideBoxes([0, 2, 1], new Map([[1, 0]]), (id) => apart[id])).toEqual([0, 1, 2])
  })
})

describe('sideBoxHosts, a label set small under an icon at the body size', () => {
  // A three-column Courier booklet: "!" at 12 pt over "CAUTION" at 7 pt, beside 11 pt text. The
  // box's middle size was the icon's, too near the body's for a box: it stayed in the flow,
  // read with the heading beside it as a table ("!	Wooden library" / "CAUTION	school."), ok.
  it('reads the box as an aside after its paragraph', () => {
    const booklet = variedBooklet(93005)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    expect(paragraphs).toContain('! CAUTION')
    const boxed = booklet.paragraphs.find((p) => p.startsWith('Wooden library school.'))
    expect(paragraphs).toContain(flat(boxed!))
    const asides = analysis.order.filter((id) => analysis.roles[id] === 'aside')
    expect(asides).toHaveLength(booklet.boxes.length)
  })
})

describe('sideBoxHosts, a labelled box in an indent of its paragraph', () => {
  // A three-column booklet page whose "WARNING" box stands at the column's edge, its paragraph's
  // first lines indented beside it and the rest back under it, and whose last section's bold
  // heading stands alone at the column's foot, its text at the next column's top. The box, in
  // the paragraph's own box, went with no paragraph: read after the column, it parted the
  // heading "Wooden railway." from its text, rated ok.
  it('reads the box as an aside after the heading and its text', () => {
    const booklet = variedBooklet(27013)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const text = flat(analysis.text)
    for (const paragraph of booklet.paragraphs) expect(text).toContain(flat(paragraph))
    for (const box of booklet.boxes) expect(text).toContain(box)
    const asides = analysis.order.filter((id) => analysis.roles[id] === 'aside')
    expect(asides).toHaveLength(booklet.boxes.length)
  })
})

describe('sideBoxHosts, a heading that wraps onto one bold word', () => {
  it('reads the heading with the text under it, no box', () => {
    // variedLeaflet 549: "Famous village and the tower" over "forest", bold, 14 pt against the
    // page's 11 pt, the panel's paragraph right under it; beside it, 12 pt away across a
    // narrow gutter, the first panel's paragraph. Its last line, one bold word, read as a box's
    // label ("CAUTION"), and the heading was read as an aside of the first panel, away from
    // its own text.
    const made = variedLeaflet(549)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
    expect(analysis.roles).not.toContain('aside')
  })

  it('reads a wrapped heading with the quotation set in under it, no box', () => {
    // Printed leaflet 1679: "Famous forest and the tower" over "market", a quotation centred a
    // little in from the heading's edge under it. With no block at the heading's edge under it,
    // the heading read as a box of the panel left of it, inside that panel's quotation.
    const made = variedPrintedLeaflet(1679)
    const { analysis } = readsInOrder(made)
    expect(analysis.roles).not.toContain('aside')
  })

  it.each([
    [2265, "a paragraph 8.1 pt under the 14 pt heading, more than the body's em of 8 pt"],
    [2586, "a list under it whose first item ends an em short of the heading's first line"],
    [3908, "a list under it whose items all end short of the heading's first line"]
  ])('reads leaflet %i’s wrapped heading with its panel, no box: %s', (seed) => {
    // Each was rated ok with the heading read as an aside of the panel left of it.
    const made = variedLeaflet(seed)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
    expect(analysis.roles).not.toContain('aside')
  })
})
