import { describe, expect, it } from 'vitest'
import { gutterBoxPage, marginNotePage, type BoxPage } from '../helpers/box-pages.js'
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

describe('takeOutSideNotes', () => {
  it.each([
    ['a shaded box in the gutter, 2 columns', gutterBoxPage(2)],
    ['a shaded box in the gutter, 3 columns', gutterBoxPage(3)],
    ['a note in the margin of 1 column', marginNotePage(1)]
  ])(
    "reads a note MuPDF took into a paragraph's block after that paragraph, as an aside: %s",
    (_, noted) => {
      // Before, the note's lines ran into the paragraph's sentences row by row: "The bees arrive
      // before Forms are free the blossom in some years, and the pollination suffers any at
      // office in town.post when they do."
      const { paragraphs, roles } = read(noted.page)
      const at = noted.paragraphs.indexOf(noted.after)
      expect(paragraphs).toEqual([
        ...noted.paragraphs.slice(0, at + 1),
        flat(noted.box),
        ...noted.paragraphs.slice(at + 1)
      ])
      expect(roles[at + 1]).toBe('aside')
      expect(roles.filter((r) => r === 'aside')).toHaveLength(1)
    }
  )

  it('keeps line numbers in small type set in the margin on their lines', () => {
    const lines = column(PROSE.bakery, 100, 700, 400, 10, 12)
    const runs: Run[] = lines.flatMap((line, i): Run[] => [
      { x: 72, y: line.y, text: String(i + 1), size: 7 },
      line
    ])
    const { paragraphs, roles } = read({ runs })
    expect(roles).not.toContain('aside')
    expect(paragraphs.join(' ')).toContain(`1 ${lines[0]!.text}`)
  })
})
