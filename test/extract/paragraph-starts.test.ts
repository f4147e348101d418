import { describe, expect, it } from 'vitest'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { DENSE_BOOKLET, denseBookletPage } from '../helpers/leaflet-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { expectInOrder } from '../layout/order-helpers.js'

describe('splitAtParagraphStarts', () => {
  it('parts paragraphs set solid where the print starts them: a bold run-in heading, an indent', () => {
    // MuPDF gives each column of the booklet two blocks, the second running two paragraphs
    // together ("… any tax unpaid. Where to file. Mail the return …").
    const { analysis } = analysisOfDrawn([denseBookletPage()]).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    for (const [heading, text] of DENSE_BOOKLET.columns.flat()) {
      expect(paragraphs).toContain(flat(`${heading} ${text}`))
    }
  })

  it('parts paragraphs set solid at a run-in heading in capitals, not at "U.S." or capitals text', () => {
    const paragraphs = [
      ['FERRY TIMES.', PROSE.harbour],
      ['THE ORCHARD.', PROSE.orchard],
      ['NEW LINE:', PROSE.railway]
    ]
    const runs: Run[] = []
    let y = 700
    for (const [heading, body] of paragraphs) {
      const lines = column(`${heading} ${body}`, 72, y, 200, 10, 12)
      runs.push(...lines.map((line) => ({ ...line, wordSpacing: 0 })))
      y -= lines.length * 12
    }
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(analysis.text.split('\n\n').map(flat)).toEqual(
      paragraphs.map(([heading, body]) => flat(`${heading} ${body}`))
    )
    // A sentence after a stop at a line's end that opens with an abbreviation, or a paragraph set
    // all in capitals: one paragraph each.
    for (const lines of [
      [
        'The ships that came into the harbour late on',
        'Friday found the quay already crowded today.',
        'U.S. Army engineers built the new quay in the',
        'year the railway reached the town at last.'
      ],
      [
        'THE SHIPS THAT CAME INTO THE HARBOUR LATE ON',
        'FRIDAY FOUND THE QUAY ALREADY CROWDED TODAY.',
        'FERRY TIMES. BOATS LEAVE AT NINE IN THE',
        'MORNING AND AT SIX IN THE EVENING EACH DAY.'
      ]
    ]) {
      const solid = lines.map((line, i) => ({ x: 72, y: 700 - 12 * i, text: line, size: 10 }))
      const page = analysisOfDrawn([{ runs: solid }])
      expect(page.pages[0]!.analysis.text).not.toContain('\n\n')
    }
  })

  it('parts paragraphs set solid at a bold heading on a line of its own, not inside one', () => {
    // A booklet's column set solid, each heading bold on its own line over its text, was one
    // block: "… crowded with carts. Northern river market. Forecasters expect …". A heading
    // broken over two lines starts one paragraph, not two.
    const paragraphs = [
      ['', PROSE.harbour],
      ['Northern river market.', PROSE.weather],
      ['Quiet garden theatre and the', PROSE.railway],
      ['Old orchard.', PROSE.orchard]
    ]
    const runs: Run[] = []
    let y = 700
    paragraphs.forEach(([heading, body], i) => {
      const second =
        i === 2 ? [{ x: 72, y: y - 12, text: 'western ferry.', font: 'bold' as const }] : []
      if (heading) runs.push({ x: 72, y, text: heading, font: 'bold' }, ...second)
      const top = heading ? y - 12 * (1 + second.length) : y
      const lines = column(body!, 72, top, 200, 10, 12)
      runs.push(...lines)
      y = top - lines.length * 12
    })
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(analysis.text.split('\n\n').map(flat)).toEqual([
      flat(PROSE.harbour),
      flat(`Northern river market. ${PROSE.weather}`),
      flat(`Quiet garden theatre and the western ferry. ${PROSE.railway}`),
      flat(`Old orchard. ${PROSE.orchard}`)
    ])
  })

  it('parts no side box at its bold label under its "!" icon', () => {
    // The icon's row ends in "!" as a sentence does, and the label under it is bold: the box was
    // cut in two, and read inside the paragraph running on into the next column.
    const booklet = variedBooklet(125000)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    for (const box of booklet.boxes) expect(paragraphs).toContain(`! ${box}`)
    expectInOrder(flat(analysis.text), booklet.paragraphs.map(flat))
  })

  it('keeps a paragraph whole where a sentence ends a line and the next starts at the edge', () => {
    // Sentences that end at a line's end, the next line plain at the margin: one paragraph.
    const sentences = `${PROSE.harbour} ${PROSE.orchard} ${PROSE.railway}`
    const lines = column(sentences, 72, 700, 200, 10, 12)
    const runs: Run[] = lines.map((line) => ({ ...line, wordSpacing: 0 }))
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(flat(analysis.text)).toBe(flat(sentences))
    expect(analysis.text).not.toContain('\n\n')
  })
})
