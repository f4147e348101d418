import { describe, expect, it } from 'vitest'
import { blockLines, otherSizes, typeSize } from '../../src-main/checks/block-type.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('block type', () => {
  it('tells body text from a footnote in smaller type, not from a size a point apart', () => {
    expect(otherSizes(10, 11)).toBe(false)
    expect(otherSizes(10, 12)).toBe(true)
    expect(otherSizes(9, 7.5)).toBe(true)
  })

  it('reads a paragraph of a real page: its lines as drawn and its type size', () => {
    const { layout } = checkInput(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), 1))
    const abstract = layout.blocks.find((b) => blockLines(b)[0]?.startsWith('Dynamic languages'))
    expect(abstract).toBeDefined()
    expect(blockLines(abstract!).length).toBeGreaterThan(5)
    expect(blockLines(abstract!).every((line) => line === line.trim() && line !== '')).toBe(true)
    expect(typeSize(abstract!)).toBeCloseTo(9, 0)
  })
})
