import { describe, expect, it } from 'vitest'
import { insetBoxPage, type BoxPage } from '../helpers/box-pages.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'

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
})
