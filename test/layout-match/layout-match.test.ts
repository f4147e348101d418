import { describe, expect, it } from 'vitest'
import {
  LAYOUT_TOLERANCE,
  blockDistance,
  matchLayout,
  pageShape
} from '../../src-main/layout-match/layout-match.js'
import type { Block } from '../../src-main/shared/layout.js'
import { layoutOfBytes } from '../helpers/made-pdf.js'
import { templatePdf, type Template } from '../helpers/template-pdf.js'

const TEMPLATES: Template[] = [
  ...Array.from({ length: 20 }, (): Template => 'two-column'),
  'three-column',
  'wide-left'
]
const bytes = templatePdf(TEMPLATES)
const shapes = TEMPLATES.map((_, i) => pageShape(layoutOfBytes(bytes, i + 1)))

function block(bbox: [number, number, number, number], font = 'Times-Roman', size = 11): Block {
  const span = {
    text: 'word',
    bbox,
    font,
    size,
    bold: false,
    italic: false,
    mono: false,
    charX: []
  }
  return { id: 0, bbox, lines: [{ bbox, wmode: 0, dir: [1, 0], spans: [span] }] }
}

describe('pages of the same layout', () => {
  it('pairs every page of a template with the first, block for block, whatever their text', () => {
    const [first, ...rest] = shapes.slice(0, 20)
    for (const other of rest) {
      const match = matchLayout(first!, other)
      expect(match).not.toBeNull()
      // Each block with the block in its place: the running head with the running head, the
      // right column with the right column.
      expect([...match!.blocks].sort(([a], [b]) => a - b)).toEqual(
        first!.blocks.map((b) => [b.id, b.id])
      )
      expect(match!.fit).toBeGreaterThan(0)
    }
  })

  it('does not pair a page with one more column', () => {
    expect(shapes[20]!.blocks).toHaveLength(shapes[0]!.blocks.length + 1)
    expect(matchLayout(shapes[0]!, shapes[20]!)).toBeNull()
    expect(matchLayout(shapes[20]!, shapes[0]!)).toBeNull()
  })

  it('does not pair a page of another template with as many blocks', () => {
    expect(shapes[21]!.blocks).toHaveLength(shapes[0]!.blocks.length)
    expect(matchLayout(shapes[0]!, shapes[21]!)).toBeNull()
  })

  it('measures place by the edge that stayed, size against the larger block, and the font', () => {
    const page = { width: 595, height: 842 }
    const a = pageShape({ ...layoutOfBytes(bytes, 1), blocks: [block([72, 100, 272, 200])] })
      .blocks[0]!
    const shape = (bbox: [number, number, number, number], font?: string, size?: number) =>
      pageShape({ ...layoutOfBytes(bytes, 1), blocks: [block(bbox, font, size)] }).blocks[0]!
    expect(blockDistance(a, a, page)).toBe(0)
    // A right-aligned block whose text got shorter: its right edge stayed.
    expect(blockDistance(a, shape([92, 100, 272, 200]), page)).toBeLessThan(1)
    // Moved down by more than the tolerance's share of the page.
    const down = LAYOUT_TOLERANCE.place * page.height
    expect(blockDistance(a, shape([72, 101 + down, 272, 201 + down]), page)).toBe(Infinity)
    // Half as wide.
    expect(blockDistance(a, shape([72, 100, 172, 200]), page)).toBe(Infinity)
    // Another font, or the same a size larger.
    expect(blockDistance(a, shape([72, 100, 272, 200], 'Helvetica'), page)).toBe(Infinity)
    expect(blockDistance(a, shape([72, 100, 272, 200], 'Times-Roman', 12.5), page)).toBe(Infinity)
    // A subset's tag is not part of the font's name.
    expect(blockDistance(a, shape([72, 100, 272, 200], 'ABCDEF+Times-Roman'), page)).toBe(0)
  })
})
