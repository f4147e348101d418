import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, type DrawnPage } from '../helpers/drawn-pdf.js'
import { RUN_ON_BOOKLET, runOnBookletPage } from '../helpers/aside-booklet.js'
import { DENSE_BOOKLET, denseBookletPage } from '../helpers/leaflet-pdf.js'
import { flat } from '../helpers/prose.js'
import { expectInOrder } from './order-helpers.js'

/** A page drawn a row at a time across its columns, as some layout programs emit it. */
const byRows = (page: DrawnPage): DrawnPage => ({
  runs: [...page.runs].sort((a, b) => b.y - a.y || a.x - b.x)
})

/** The page's paragraphs as its text reads them, and the role of each block read. */
function read(page: DrawnPage) {
  const { analysis } = analysisOfDrawn([page]).pages[0]!
  const paragraphs = analysis.text.split('\n\n').map(flat)
  const roles = analysis.order.map((id) => analysis.roles[id])
  return { analysis, paragraphs, roles }
}

describe('markAsides', () => {
  it.each([
    ['column by column', runOnBookletPage()],
    ['row by row across the columns', byRows(runOnBookletPage())]
  ])(
    "reads a booklet's side box as an aside after the sentence it stands beside ends, drawn %s",
    (_, page) => {
      const { analysis, paragraphs, roles } = read(page)
      const [heading, head, rest] = RUN_ON_BOOKLET.cut
      const box = RUN_ON_BOOKLET.box.join(' ')
      // The sentence is cut at the foot of the middle column and goes on at the top of the
      // third: the box, which stands beside its last lines, used to be read between the halves.
      const at = paragraphs.indexOf(`${heading} ${head}`)
      expect(at).toBeGreaterThanOrEqual(0)
      expect(paragraphs[at + 1]).toBe(rest)
      expect(paragraphs[at + 2]).toBe(box)
      expect(roles.filter((r) => r === 'aside')).toHaveLength(1)
      expect(roles[at + 2]).toBe('aside')
      expectInOrder(
        analysis.text,
        RUN_ON_BOOKLET.columns.flat().map(([h, text]) => flat(`${h} ${text}`))
      )
      expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
    }
  )

  it.each([
    ['column by column', denseBookletPage()],
    ['row by row across the columns', byRows(denseBookletPage())]
  ])('marks the dense booklet\'s "CAUTION" box an aside and nothing else, drawn %s', (_, page) => {
    const { paragraphs, roles } = read(page)
    const at = paragraphs.indexOf(DENSE_BOOKLET.box.join(' '))
    expect(at).toBeGreaterThan(0)
    expect(roles[at]).toBe('aside')
    expect(roles.filter((r) => r === 'aside')).toHaveLength(1)
  })
})
