import { describe, expect, it } from 'vitest'
import { splitSizeJoins } from '../../src-main/extract/size-joins.js'
import { drawnLine, type Block, type Line, type Span } from '../../src-main/shared/layout.js'
import { variedPrintedLeaflet } from '../helpers/varied-leaflets.js'
import { readsInOrder } from '../layout/order-helpers.js'

/** A span of Courier's even advance (0.6 em), its baseline at `y` from the page's top. */
function span(text: string, x: number, y: number, size: number): Span {
  const advance = size * 0.6
  const chars = [...text]
  return {
    text,
    bbox: [x, y - size, x + chars.length * advance, y + size * 0.2],
    font: 'Courier',
    size,
    bold: false,
    italic: false,
    mono: true,
    charX: chars.flatMap((_, k) => [x + k * advance, x + (k + 1) * advance])
  }
}

function line(...spans: Span[]): Line {
  const boxes = spans.map((s) => s.bbox)
  return {
    bbox: [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3]))
    ],
    wmode: 0,
    dir: [1, 0],
    spans
  }
}

const block = (id: number, lines: Line[]): Block => ({
  id,
  bbox: line(...lines.flatMap((l) => l.spans)).bbox,
  lines
})

/** Two panels of 10 pt lines, their gutter from x 244 to 262, and `joined` among them. */
function panels(joined: Line): Block[] {
  const rows = [100, 114, 128, 156, 170]
  return [
    block(
      0,
      rows.map((y) => line(span('the market hall was full of crates', 40, y, 10)))
    ),
    block(
      1,
      rows.map((y) => line(span('herring packed in ice for the trains', 262, y + 60, 10)))
    ),
    block(2, [joined])
  ]
}

const texts = (blocks: readonly Block[]): string[] => blocks[2]!.lines.map(drawnLine)

describe('splitSizeJoins', () => {
  it("cuts a cover's title from the line of the panel beside it, at the gutter", () => {
    // Printed leaflet 1945: "… packed in ice" and the next panel's 28 pt "Flooded Canal" were one
    // line of MuPDF's, which bridged the gutter: the title was read inside the sentence, and the
    // sentence's next line after the panel ("…was fullof crates … Flooded Canal / for the
    // morning trains").
    readsInOrder(variedPrintedLeaflet(1945))
    const joined = line(
      span('of crates in ice', 148, 142, 10),
      span(' Flooded Canal', 244, 150, 28)
    )
    const cut = texts(splitSizeJoins(panels(joined)))
    expect(cut).toEqual(['of crates in ice', 'Flooded Canal'])
  })

  it('keeps a line whose sizes change a space apart, or with no gutter through the gap', () => {
    // A word set larger in a sentence stands a space from the next, if at the gutter.
    const spaced = line(span('Read the', 196, 142, 10), span(' NOTICE', 244, 146, 16))
    expect(texts(splitSizeJoins(panels(spaced)))).toEqual(['Read the NOTICE'])
    // The gap is wide, but the panel's own lines run through it.
    const crossed = line(span('of crates', 40, 142, 10), span(' Flooded', 94, 150, 28))
    expect(texts(splitSizeJoins(panels(crossed)))).toEqual(['of crates Flooded'])
  })

  it("keeps a margin's line number on its line, a gutter's width from it", () => {
    const numbered = line(span('12', 236.8, 142, 6), span(' the quay was crowded', 244, 142, 10))
    expect(texts(splitSizeJoins(panels(numbered)))).toEqual(['12 the quay was crowded'])
  })
})
