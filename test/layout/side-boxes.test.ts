import { describe, expect, it } from 'vitest'
import { marginNotePage, type BoxPage } from '../helpers/box-pages.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'

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
