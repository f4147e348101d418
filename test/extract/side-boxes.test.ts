import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { openPdf } from '../../src-main/extract/open.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { DENSE_BOOKLET, denseBookletPage } from '../helpers/leaflet-pdf.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet } from '../helpers/varied-layouts.js'
import { expectInOrder } from '../layout/order-helpers.js'

/** The booklet drawn a column at a time, or a row at a time across the three columns. */
const DRAWN = {
  'column by column': denseBookletPage(),
  'row by row across the columns': {
    runs: [...denseBookletPage().runs].sort((a, b) => b.y - a.y || a.x - b.x)
  }
}

describe('takeOutSideBoxes', () => {
  it.each(Object.entries(DRAWN))(
    "reads a booklet's side box drawn among a paragraph's lines after the paragraph, drawn %s",
    (_, page) => {
      // Before, MuPDF's blocks read "At the time these instructions went ! to print" and
      // "CAUTIONdifferent address for returns", and the box bridged the gutter, so that the
      // columns were read as a table; drawn row by row, MuPDF joined the first column's line
      // through the box to the second's ("… any tax is due CAUTION different address …").
      const { analysis } = analysisOfDrawn([page]).pages[0]!
      const paragraphs = analysis.text.split('\n\n').map(flat)
      const [, law] = DENSE_BOOKLET.columns[1]![0]!
      const at = paragraphs.indexOf(`New law. ${law}`)
      expect(at).toBeGreaterThanOrEqual(0)
      expect(paragraphs[at + 1]).toBe(DENSE_BOOKLET.box.join(' '))
      expectInOrder(
        analysis.text,
        DENSE_BOOKLET.columns.flat().map(([heading, text]) => flat(`${heading} ${text}`))
      )
      const codes = analysis.flags.map((f) => f.code)
      expect(codes).not.toContain('table')
      expect(codes).not.toContain('order_suspect')
      expect(analysis.flags.find((f) => f.code === 'multi_column')?.evidence['columns']).toBe(3)
    }
  )
})

describe('takeOutSideBoxes leaves the margin alone', () => {
  it('keeps bullets hanging in the margin, set larger than the text, with their items', () => {
    const items = ['Bring your card', 'Leave the room tidy', 'Keep food outside']
    const runs: Run[] = [
      ...column(PROSE.library, 72, 700, 300, 10, 12),
      // A list whose bullets hang left of the text's edge, set larger than the text.
      ...items.flatMap((item, i): Run[] => [
        { x: 60, y: 620 - i * 12, text: '*', size: 14 },
        { x: 72, y: 620 - i * 12, text: item, size: 10 }
      ])
    ]
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    const text = flat(analysis.text)
    for (const item of items) expect(text).toContain(`* ${item}`)
  })
})

describe('takeOutSideBoxes takes the whole box out of the margin', () => {
  // Booklets of the seeded generator whose box MuPDF gives in pieces: each read its boxed
  // paragraph in two halves with the box's lines between them, and was rated ok.
  const CASES: Record<string, number> = {
    'a 7 pt label beside 8 pt text, two lines of words under it, each a line apart': 1003,
    'a label in a block of its own, under a "!" in the paragraph\'s block': 1004,
    'a "!" over a wide label, further from the text than two ems': 1005,
    'a label in a block of its own between a "!" and words under it, in a second column': 2001,
    'labels in blocks of their own under a "!", words under them, in 4 narrow columns': 2008,
    "a label in a block of its own level with a paragraph's indented first line": 5014,
    'a paragraph of three lines beside the box, two at its edge, the first indented': 22011,
    'the same set solid, its rows overlapping, the box taller than its paragraph': 12010,
    // The "!" was read at the head of the heading ("! Crowded theatre. A"), the label after it.
    'a 12 pt "!" over 10.5 pt text, under 1.2 times its size, in the heading\'s block': 27016,
    // The label was read inside the line MuPDF joined it to ("The ! IMPORTANT price of fish").
    'a 7 pt label at the head of an 8 pt line, the text indented for the box': 63013,
    "a label at the head of a three-line paragraph's second line, two lines at its edge": 69009,
    // Only the paragraph's second line stood at the text's edge: the label was read at its head.
    'a box of three lines beside a paragraph of two indented for it, its first further': 60006,
    // The first box took the second's words under it ("TIP Check the chapel Check the canal").
    "two boxes one over the other in a column's margin, each with words under its label": 45012,
    // A short label further from the text than four of its own ems, the words under it nearer.
    'a 7 pt "TIP" in the block of the heading beside it, 3 ems of the text from its edge': 154011,
    'a 7 pt "TIP" in a block of its own, the box\'s last word joined to the text\'s line': 131015,
    'a "TIP" in the block of a heading that runs past its column': 101019,
    // Beside the text's edge, not one further right that justified Courier words line up at.
    "a label at a column's edge, its paragraph indented for it, in justified Courier": 19012,
    // A 36 pt gutter: the box 2 pt from the column left of it, 19 pt from its own.
    "a gutter box nearer the column left of it than its own, in its own column's blocks": 14017
  }
  it.each(Object.entries(CASES))('reads the paragraph whole and the box apart: %s', (_, seed) => {
    const page = variedBooklet(seed)
    const { analysis } = analysisOfDrawn([page.page], page.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    // A paragraph running on into the next column may be parted there, never by the box.
    const text = paragraphs.join(' ')
    for (const paragraph of page.paragraphs) expect(text).toContain(flat(paragraph))
    for (const box of page.boxes) {
      expect(paragraphs.find((p) => p.endsWith(box))?.replace(/^! /, '')).toBe(box)
    }
  })

  it('takes a label out of the line MuPDF joined it to through the space it put after it', () => {
    // Before, the line read "IMPORTANT had argued for a decade": the text's span opened with
    // that space, so it seemed to start left of the paragraph's edge.
    const page = variedBooklet(3003)
    const { analysis } = analysisOfDrawn([page.page], page.family).pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    expect(paragraphs).toContain('! IMPORTANT')
    expect(flat(analysis.text)).not.toContain('IMPORTANT had')
  })
})

describe('takeOutSideBoxes beside a paragraph whose first line is indented', () => {
  // A paragraph indented as a whole for the box in its margin, its first line indented further:
  // no line at the paragraph's edge stands level with the label, which MuPDF gives as a block
  // of its own. Before, the label was read after the paragraph and the words under it, each a
  // block of its own, before it ("Read the" / "chapel" / paragraph / "CAUTION").
  const indented = (text: string, x: number, top: number): Run[] =>
    column(text, x, top, 150, 10, 13, 'Times').map((run, i) =>
      i === 0 ? { ...run, x: x + 12, wordSpacing: 0 } : run
    )
  const box: Run[] = [
    { x: 56, y: 637, text: 'CAUTION', size: 7, font: 'bold' },
    { x: 56, y: 624, text: 'Read the', size: 6 },
    { x: 56, y: 611, text: 'chapel', size: 6 }
  ]
  const page = (boxFirst: boolean): { runs: Run[] } => {
    const body = [
      ...indented(PROSE.harbour, 56, 740),
      ...indented(PROSE.library, 100, 637),
      ...indented(PROSE.weather, 56, 480)
    ]
    return { runs: boxFirst ? [...box, ...body] : [...body, ...box] }
  }

  it.each([
    ['drawn after the text', false],
    ['drawn before it', true]
  ])('gathers the label with the words under it, the paragraph whole: %s', (_, boxFirst) => {
    const { analysis } = analysisOfDrawn([page(boxFirst)], 'Times').pages[0]!
    const paragraphs = analysis.text.split('\n\n').map(flat)
    expect(paragraphs).toContain('CAUTION Read the chapel')
    expect(paragraphs).toContain(flat(PROSE.library))
    expectInOrder(analysis.text, [flat(PROSE.harbour), flat(PROSE.library), 'CAUTION'])
  })
})

describe('takeOutSideBoxes leaves a paragraph its words', () => {
  it('keeps a word in capitals ending a justified line left of the next column', () => {
    // A justified footnote spaced so wide that MuPDF gave each word a line: "ACE" ended a line
    // within two ems of the right column's edge, set smaller than that column's text, and was
    // read as a box's label, with "at" over it ("… can be found http://…", then "at ACE").
    const words = (text: string, y: number): Run[] =>
      text.split(' ').map((word, i, all) => ({
        x: 72 + (i * (226 - 20)) / (all.length - 1),
        y,
        text: word,
        size: 9
      }))
    const runs: Run[] = [
      ...column(PROSE.harbour, 72, 700, 226, 11, 13),
      ...column(Object.values(PROSE).join(' '), 315, 700, 226, 11, 13).filter((r) => r.y > 80),
      ...words('The task description can be found at', 430),
      ...words('the page of tests and the ACE', 419),
      { x: 72, y: 408, text: 'guidelines of the workshop.', size: 9 }
    ]
    const { analysis } = analysisOfDrawn([{ runs }]).pages[0]!
    expect(flat(analysis.text)).toContain(
      'can be found at the page of tests and the ACE guidelines'
    )
  })
})

describe('takeOutSideBoxes leaves alone what only looks like a box beside a short edge', () => {
  // Two lines starting at an edge make the text's edge only for a label set smaller than the
  // text: a running head's "CWEB" over small capitals and a form's "Yourself" beside the next
  // box's "Spouse" were taken for boxes when two lines of any kind did.
  const page = (name: string, pageNumber: number) =>
    analyzeDocument(openPdf(readFileSync(corpusPdf(name))), [pageNumber]).pages[0]!.analysis
  it("keeps a running head's word in capitals over small capitals in the running head", () => {
    const { text, flags } = page('pdfbox__cweb.pdf', 9)
    expect(text).not.toMatch(/^CWEB$/mu)
    expect(flags.find((f) => f.code === 'header_footer')?.message).toContain('8 CWEB USER MANUAL')
  })

  it("keeps a form's check box labels on their row", () => {
    const { text } = page('pdfminer__f1040nr.pdf', 1)
    expect(flat(text)).toContain('Filing status. Check only one box (1–6 below). Yourself Spouse')
  })
})
