import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BlockSizes } from '../../src-main/extract/block-sizes.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { middleSize, type Block } from '../../src-main/shared/layout.js'
import { drawnPdf } from '../helpers/drawn-pdf.js'
import { corpusPdf } from '../helpers/corpus.js'

function blocksOf(bytes: Uint8Array): Block[] {
  const file = openPdf(bytes)
  try {
    const blocks: Block[] = []
    for (let i = 0; i < file.pageCount; i++) blocks.push(...extractPage(file, i).blocks)
    return blocks
  } finally {
    closePdf(file)
  }
}

/** Every line's answer against the middle size of the other lines' spans gathered whole. */
function expectSameAsGathered(blocks: readonly Block[]): number {
  let asked = 0
  for (const block of blocks) {
    const sizes = new BlockSizes(block)
    for (const line of block.lines) {
      const rest = block.lines.filter((l) => l !== line).flatMap((l) => l.spans)
      expect(sizes.middleWithout(line)).toBe(middleSize(rest))
      asked++
    }
  }
  return asked
}

describe('BlockSizes', () => {
  it('gives each line the middle size of the rest of its block, on corpus pages of many sizes', () => {
    const names = [
      'pdfminer__f1040nr.pdf',
      'pdfjs__tracemonkey.pdf',
      'olmocr__math_2503_04086.pdf',
      'pymupdf__chinese-tables.pdf'
    ]
    const asked = names.reduce(
      (n, name) => n + expectSameAsGathered(blocksOf(readFileSync(corpusPdf(name)))),
      0
    )
    expect(asked).toBeGreaterThan(1000)
  })

  it('counts a size the line shares with the rest once for each span that has it', () => {
    // Without the first 8-pt line the rest is 8, 8, 12, 20, in the middle at 12 (taking its size
    // out by value would leave 12, 20 and give 20); without the 20-pt line, 8, 8, 8, 12 give 8.
    const runs = [
      { x: 72, y: 700, text: 'Small print', size: 8 },
      { x: 72, y: 690, text: 'More small print', size: 8 },
      { x: 72, y: 680, text: 'Even more small print', size: 8 },
      { x: 72, y: 666, text: 'Body', size: 12 },
      { x: 72, y: 646, text: 'Big', size: 20 }
    ]
    const blocks = blocksOf(drawnPdf([{ runs }]))
    expect(blocks.map((b) => b.lines.length)).toEqual([5])
    expectSameAsGathered(blocks)
    const sizes = new BlockSizes(blocks[0]!)
    expect(sizes.middleWithout(blocks[0]!.lines[0]!)).toBe(12)
    expect(sizes.middleWithout(blocks[0]!.lines[4]!)).toBe(8)
  })
})
