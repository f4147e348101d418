import { describe, expect, it } from 'vitest'
import { insetBoxPage, type BoxPage } from '../helpers/box-pages.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { readsInOrder } from '../layout/order-helpers.js'

/** The page's text as `recto text` gives it, a paragraph a block, and each block's role. */
function read({ page }: BoxPage) {
  const { analysis } = analysisOfDrawn([page]).pages[0]!
  return {
    paragraphs: analysis.text.split('\n\n').map(flat),
    roles: analysis.order.map((id) => analysis.roles[id]),
    codes: analysis.flags.map((f) => f.code)
  }
}

describe('joinAroundInsetBoxes', () => {
  it.each([
    ['a framed box, 2 columns', insetBoxPage(2, 'framed')],
    ['a shaded box, 2 columns', insetBoxPage(2, 'shaded')],
    ['a framed box, 3 columns', insetBoxPage(3, 'framed')],
    ['a shaded box, 3 columns', insetBoxPage(3, 'shaded')],
    ['a framed box drawn after the text, 2 columns', insetBoxPage(2, 'framed', true)],
    ['a shaded box drawn after the text, 3 columns', insetBoxPage(3, 'shaded', true)]
  ])(
    'reads the paragraph a box cuts mid-sentence whole, the box after it as an aside: %s',
    (_, boxed) => {
      // Before, the box was read between "…the market hall was full of" and "crates of herring…",
      // in a paragraph of its own, and the sentence was cut into two paragraphs.
      const { paragraphs, roles, codes } = read(boxed)
      expect(paragraphs).toEqual([
        boxed.after,
        flat(boxed.box),
        ...boxed.paragraphs.filter((p) => p !== boxed.after)
      ])
      expect(roles[1]).toBe('aside')
      expect(roles.filter((r) => r === 'aside')).toHaveLength(1)
      expect(codes).not.toContain('order_suspect')
    }
  )

  it('leaves a paragraph of small type between two paragraphs of the text where it stands', () => {
    // A quotation set small between two paragraphs that each end their sentences: no sentence is
    // cut, so nothing is a box.
    const quote = 'Every town needs a harbour, a library and a bakery that opens early.'
    const runs: Run[] = [
      ...column(PROSE.railway, 72, 700, 300, 10, 12),
      ...column(quote, 92, 620, 260, 8, 9.6),
      ...column(PROSE.weather, 72, 590, 300, 10, 12)
    ]
    const { paragraphs, roles } = read({ page: { runs }, paragraphs: [], box: '', after: '' })
    expect(paragraphs).toEqual([flat(PROSE.railway), quote, flat(PROSE.weather)])
    expect(roles).not.toContain('aside')
  })

  it("leaves a figure's caption under its figure where it stands, not an aside", () => {
    const caption = 'Figure 1. The harbour at dawn, seen from the lighthouse on the north pier.'
    const [head, tail] = halves(PROSE.harbour, 4)
    const runs: Run[] = [
      ...column(head, 72, 700, 300, 10, 12),
      ...column(caption, 72, 540, 300, 8, 9.6),
      ...column(tail, 72, 515, 300, 10, 12)
    ]
    const frames = [{ x: 72, y: 555, width: 300, height: 95, fill: 0.7 }]
    const { paragraphs, roles } = read({
      page: { runs, frames },
      paragraphs: [],
      box: '',
      after: ''
    })
    expect(paragraphs).toEqual([head, caption, tail])
    expect(roles).not.toContain('aside')
  })

  it('leaves a framed table in small type inside a column where it stands', () => {
    const rows = [
      ['Monday to Friday', '9:00', '20:00'],
      ['Saturday', '10:00', '16:00'],
      ['Sunday and holidays', 'closed', '']
    ]
    const [head, tail] = halves(PROSE.library, 3)
    const runs: Run[] = [
      ...column(head, 72, 700, 300, 10, 12),
      ...rows.flatMap((row, r): Run[] =>
        row
          .filter((cell) => cell !== '')
          .map((cell, c) => ({ x: [82, 220, 290][c]!, y: 660 - r * 10, text: cell, size: 8 }))
      ),
      ...column(tail, 72, 622, 300, 10, 12)
    ]
    const frames = [{ x: 78, y: 636, width: 288, height: 34 }]
    const { paragraphs, roles } = read({
      page: { runs, frames },
      paragraphs: [],
      box: '',
      after: ''
    })
    expect(roles).not.toContain('aside')
    expect(paragraphs[0]).toBe(head)
    expect(paragraphs[paragraphs.length - 1]).toBe(tail)
  })

  it('leaves a callout across both columns where it stands, not an aside', () => {
    const callout =
      'Readers may borrow the harbour records and the railway timetables from the town library free of charge.'
    const runs: Run[] = [
      ...column(PROSE.harbour, 36, 740, 258, 10, 12),
      ...column(PROSE.orchard, 318, 740, 258, 10, 12),
      ...column(callout, 46, 600, 520, 8, 9.6),
      ...column(PROSE.railway, 36, 570, 258, 10, 12),
      ...column(PROSE.weather, 318, 570, 258, 10, 12)
    ]
    const frames = [{ x: 40, y: 585, width: 532, height: 26, fill: 0.85 }]
    const { paragraphs, roles } = read({
      page: { runs, frames },
      paragraphs: [],
      box: '',
      after: ''
    })
    expect(paragraphs).toEqual(
      [PROSE.harbour, PROSE.orchard, callout, PROSE.railway, PROSE.weather].map(flat)
    )
    expect(roles).not.toContain('aside')
  })

  it("keeps a panel's heading apart from the address under it and the next heading", () => {
    // Printed leaflet 2096, drawn row by row: a heading set large over an address, whose web
    // address (in lower case) the next heading follows. The address's town line, set smaller,
    // read as a box inside a paragraph of two headings and the web address; joined around it,
    // the heading ran into the web address and the rest of the address was read after them. A
    // paragraph's halves are in the page's text type.
    readsInOrder(variedPrintedLeaflet(2096))
  })
})

/** `text` wrapped at 300 pt, parted after its `n`th line: both halves of one paragraph. */
function halves(text: string, n: number): [string, string] {
  const lines = column(text, 0, 0, 300, 10, 12).map((r) => r.text)
  return [lines.slice(0, n).join(' '), lines.slice(n).join(' ')]
}
