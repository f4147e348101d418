import { describe, expect, it } from 'vitest'
import { droppedText } from '../../src-main/checks/dropped-text.js'
import type { BBox, Block } from '../../src-main/shared/layout.js'
import { checkInput, readInOrder } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { flat } from '../helpers/prose.js'
import { textLine } from '../helpers/store-pages.js'
import { variedLeaflet } from '../helpers/varied-leaflets.js'

const block = (id: number, text: string, box: BBox): Block => ({
  id,
  bbox: box,
  lines: [textLine(text, box)]
})

const BLOCKS = [
  block(0, 'The bakery on the corner opens at five and sells out', [72, 100, 400, 110]),
  block(1, '- Council: before the war and again once a month', [72, 120, 400, 130]),
  block(2, 'Growers keep records of the first blossom each spring', [72, 140, 400, 150])
]

describe('text_dropped', () => {
  it("flags a page whose text lacks a block's words, and marks that block", () => {
    const input = {
      ...readInOrder(BLOCKS),
      text: `${BLOCKS[0]!.lines[0]!.spans[0]!.text}\n\n${BLOCKS[2]!.lines[0]!.spans[0]!.text}`
    }
    const [flag] = droppedText(input)
    expect(flag).toMatchObject({
      code: 'text_dropped',
      severity: 'warn',
      message: "The page's text lacks 37 of its blocks' 124 letters and digits",
      evidence: { spots: [{ bbox: [72, 120, 400, 130], note: 'not in the text' }] }
    })
    const whole = BLOCKS.map((b) => b.lines[0]!.spans[0]!.text).join('\n\n')
    expect(droppedText({ ...readInOrder(BLOCKS), text: whole })).toEqual([])
  })

  it('leaves alone text whose line-end hyphens and ligatures were joined', () => {
    const hyphenated = [
      block(0, 'The volunteers described the quiet mu-', [72, 100, 300, 110]),
      block(1, 'seum once a month, and then visited the ﬁrst railway', [72, 112, 300, 122])
    ]
    const text =
      'The volunteers described the quiet museum once a month, and then visited the first railway'
    expect(droppedText({ ...readInOrder(hyphenated), text })).toEqual([])
  })

  it('finds nothing dropped on real pages: two columns, a table, running heads left out', () => {
    for (const [file, page] of [
      ['olmocr__pdftotext_two_column_issue.pdf', 1],
      ['pdfbox__cweb.pdf', 1],
      ['olmocr__math_2503_04086.pdf', 1]
    ] as const) {
      expect(droppedText(checkInput(layoutOf(corpusPdf(file), page)))).toEqual([])
    }
  })

  it('flags cms-etc-filled p6 with the two bullets its text once lost', () => {
    // Its two bullets after two read as a table were left out of the text (86 of 2,573 letters),
    // the page rated ok (layout/page-text.test.ts has the composition).
    const input = checkInput(layoutOf(corpusPdf('pymupdf__cms-etc-filled.pdf'), 6))
    expect(input.text).toContain('• Place of service\n• Description of illness or injury\n')
    expect(droppedText(input)).toEqual([])
    const withoutThem = input.text.replace(/• Description of[^\n]*\n/gu, '')
    expect(droppedText({ ...input, text: withoutThem })).toMatchObject([
      { code: 'text_dropped', severity: 'warn' }
    ])
  })

  it("writes a list after a table's block that began it: leaflet 241 keeps every item", () => {
    // variedLeaflet 241: a panel's two lists, the first read as a table of markers and items
    // (now a list, layout/table-lists.ts), the second a list block under it. The list run began
    // at the table's block, written as a table, and the run's later block was left out with it:
    // three items lost from the text, the page rated ok.
    const made = variedLeaflet(241)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    const text = flat(analysis.text)
    for (const item of made.paragraphs.filter((p) => p.startsWith('- '))) {
      expect(text).toContain(flat(item))
    }
    expect(analysis.flags.map((f) => f.code)).not.toContain('text_dropped')
  })
})
