import { describe, expect, it } from 'vitest'
import {
  TABLE_KINDS,
  generatedTable,
  type TableKind,
  type TableVariant
} from '../helpers/generated-tables.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { levelParagraphsPage } from '../helpers/paragraph-columns.js'
import { indentedProsePage, prosePage } from '../helpers/prose-pages.js'
import { gridOf, scoreTable, tablesOf } from '../helpers/table-score.js'
import { expectInOrder } from './order-helpers.js'

/** What a reader sees in a generated table's header rows: each written cell and its span. */
function headerOf(kind: TableKind, seed: number, variant: TableVariant = {}) {
  const truth = generatedTable(kind, seed, undefined, variant)
  const [table] = tablesOf(truth.bytes)
  expect(table, 'a table found').toBeDefined()
  const header = table!.cells
    .filter((c) => c.row < table!.headerRows)
    .map((c) => ({ row: c.row, text: c.text, column: c.column, colspan: c.colSpan }))
  const expected = truth.header.flatMap((row, r) => row.map((cell) => ({ row: r, ...cell })))
  return { truth, table: table!, header, expected }
}

describe('tables of every kind, cell by cell', () => {
  it.each(TABLE_KINDS)('reads a %s table: every body row right, its header found', (kind) => {
    const { truth, table, header, expected } = headerOf(kind, 1000)
    expect(table.columns).toBe(truth.columns)
    expect(header).toEqual(expected)
    expect(gridOf(table).slice(table.headerRows)).toEqual(truth.body)
  })

  it('keeps right-aligned figures a few points from the next column in their own cells', () => {
    // Seed 1003's plain table sets its columns 7 points apart at 9.5 pt: under an em.
    const { truth, table } = headerOf('plain', 1003)
    expect(gridOf(table).slice(1)).toEqual(truth.body)
    expect(truth.body[0]).toEqual(['Street lighting', '36.45', '52,631', '4 417.9', '63.2'])
  })

  it('gives a two-level header its group labels spanning their columns', () => {
    const { header } = headerOf('two-level', 1001)
    expect(header.filter((c) => c.row === 0)).toEqual([
      { row: 0, text: '2023', column: 1, colspan: 2 },
      { row: 0, text: '2024', column: 3, colspan: 2 }
    ])
  })

  it('keeps an empty cell empty, in its column', () => {
    const { truth, table } = headerOf('empty', 1002)
    expect(truth.body[0]).toEqual(['Parking permits', '', '70,609'])
    expect(gridOf(table)[1]).toEqual(['Parking permits', '', '70,609'])
  })

  it('joins a label wrapped over lines to its row of figures', () => {
    const { truth, table } = headerOf('wrapped', 1006)
    expect(truth.body[0]![0]).toBe('Operating costs before depreciation and amortisation')
    expect(gridOf(table)[1]).toEqual(truth.body[0])
  })

  it('sets a group label centred beside two rows across both, its second row left empty there', () => {
    const { truth, table } = headerOf('row-span', 1001)
    expect(truth.body.slice(0, 2)).toEqual([
      ['Centre', 'Burial fees', '19.6%', '(467)', '49,156'],
      ['', 'Rent and rates', '14.6%', '386', '32,773']
    ])
    const grid = gridOf(table)
    expect(grid.slice(table.headerRows)).toEqual(truth.body)
    const spanned = table.cells.filter((c) => c.rowSpan > 1)
    expect(spanned.map((c) => [c.row - table.headerRows, c.column, c.rowSpan, c.text])).toEqual(
      truth.rowSpans.map(([row, column, rows]) => [row, column, rows, truth.body[row]![column]])
    )
  })

  it('reads a table ruled only over and under its header, under its last row and after its labels', () => {
    for (const seed of [1000, 1001, 1002, 1003]) {
      const truth = generatedTable('partial-rules', seed)
      const score = scoreTable(truth, tablesOf(truth.bytes))
      expect(score.wrong).toEqual([])
      expect(score.rightRows).toBe(truth.body.length)
    }
  })

  // Each seed is a way MuPDF cuts a kind of table into blocks that once lost its header or rows.
  it.each([
    ['booktabs', 1009, 'its last row set as a block of its own under the rows'],
    ['wrapped', 1001, 'its figures set as one line beside each wrapped label'],
    ['wrapped', 1014, 'its header set in one block with the first wrapped label'],
    [
      'wrapped',
      1041,
      'a whole row and the next wrapped label, lines over 24 characters, set as one block'
    ],
    ['empty', 1019, 'a row whose figures are all empty between rows of figures'],
    ['empty', 1026, 'all its rows set as one block, some holding two cells only'],
    ['empty', 1029, 'two rows that hold their label alone set as one block under its header'],
    ['empty', 1108, 'its last row holding its label alone, every figure empty'],
    ['row-span', 1008, 'two rows and their group label set as one block, a block a group'],
    ['row-span', 1013, 'its header over a block of two groups and their labels']
  ] as const)('reads a %s table (seed %i) with %s: header and rows', (kind, seed, _how) => {
    const { truth, table, header, expected } = headerOf(kind, seed)
    expect(table.columns).toBe(truth.columns)
    expect(header).toEqual(expected)
    expect(gridOf(table).slice(table.headerRows)).toEqual(truth.body)
  })

  // Ways MuPDF cut tables of unseen seeds into blocks, each once losing a header or rows.
  it.each([
    [
      'empty',
      'a row of its label and one figure set as a block of its own between the header and the rows',
      1134
    ],
    ['row-span', 'its middle block read as no rows of its own, between two runs of rows', 1152],
    [
      'empty',
      'all its rows set as one block, more of them holding two cells than three, columns set close',
      1447
    ],
    [
      'wrapped',
      'its header cells a few points apart set as one line, in one block with the first label',
      1186
    ],
    [
      'wrapped',
      'each label and each row of its two figures set as blocks of their own, the figures under an em apart',
      1532
    ],
    ['two-level', 'all in one block, a label set under an em before the line of its figures', 1494],
    ['two-level', 'all in one block, a label and its four figures set as two lines', 1614]
  ] as const)('reads a %s table with %s: header and rows', (kind, _how, seed) => {
    const { truth, table, header, expected } = headerOf(kind, seed)
    expect(table.columns).toBe(truth.columns)
    expect(header).toEqual(expected)
    expect(gridOf(table).slice(table.headerRows)).toEqual(truth.body)
  })

  it.each(TABLE_KINDS)(
    'reads a %s table with a column holding only its header: the column kept, its cells empty',
    (kind) => {
      for (const seed of [3000, 3002, 3003, 3004]) {
        const truth = generatedTable(kind, seed, undefined, { headerOnlyColumn: true })
        const empty = truth.header[truth.header.length - 1]!.findIndex(
          (cell) => cell.column > 0 && truth.body.every((row) => row[cell.column] === '')
        )
        expect(empty).toBeGreaterThan(0)
        const score = scoreTable(truth, tablesOf(truth.bytes))
        expect(score.wrong).toEqual([])
        expect(score.headerRight).toBe(true)
      }
    }
  )

  it('reads a table of labels and a single column of figures beside a column holding only its header', () => {
    // A two-column page's table has two columns of figures: one left empty leaves one.
    for (let seed = 3000; seed < 3008; seed++) {
      const truth = generatedTable('two-column', seed, undefined, { headerOnlyColumn: true })
      expect(truth.body.every((row) => row[1] === '' && row[2] !== '')).toBe(true)
      const score = scoreTable(truth, tablesOf(truth.bytes))
      expect(score.wrong).toEqual([])
    }
  })

  // Ways MuPDF cut tables whose body fills one column of figures, the other left empty.
  it.each([
    ['plain', 'its figures aligned on the decimal point under the last header cell', 1716],
    ['ruled', 'its header cells set under an em apart, as lines of their own', 1626],
    ['empty', 'rows of a label alone following each other, a block a row, between rows', 1628],
    ['wrapped', 'each wrapped label and each figure set as a block of its own', 1600],
    ['two-level', 'all in one block, two columns of figures set under an em apart', 1632]
  ] as const)(
    'reads a %s table with a column holding only its header and %s',
    (kind, _how, seed) => {
      const truth = generatedTable(kind, seed, undefined, { headerOnlyColumn: true })
      const score = scoreTable(truth, tablesOf(truth.bytes))
      expect(score.wrong).toEqual([])
      expect(score.headerRight).toBe(true)
      expect(score.rightRows).toBe(truth.body.length)
    }
  )

  // Ways MuPDF cut unseen tables (seeds 1840-1959) that lost their header, a row or the table.
  it.each([
    ['empty', 'rows that fill one of two figure columns in turn, the other cell empty', 1877, {}],
    [
      'wrapped',
      'its header cells set as one line of 30 characters, in one block with the first label',
      1941,
      {}
    ],
    [
      'empty',
      'a column holding only its header and two figures in all, the other rows a label alone',
      1931,
      { headerOnlyColumn: true }
    ],
    [
      'empty',
      'a column holding only its header and its last two rows a label alone, a block each',
      1869,
      { headerOnlyColumn: true }
    ],
    [
      'two-column',
      'a column holding only its header and two header cells set as one line',
      1925,
      { headerOnlyColumn: true }
    ],
    [
      'wrapped',
      'a column holding only its header and whole sums ("5252") set as blocks beside their labels',
      1912,
      { headerOnlyColumn: true }
    ]
  ] as const)('reads a %s table with %s: header and rows', (kind, _how, seed, variant) => {
    const { truth, table, header, expected } = headerOf(kind, seed, variant)
    expect(table.columns).toBe(truth.columns)
    expect(header).toEqual(expected)
    expect(gridOf(table).slice(table.headerRows)).toEqual(truth.body)
  })

  it.each(TABLE_KINDS)(
    'reads a %s table whose first body row holds years as a body row, not a header row',
    (kind) => {
      for (const seed of [3000, 3001, 3002, 3003]) {
        const truth = generatedTable(kind, seed, undefined, { yearsInFirstRow: true })
        expect(truth.body[0]!.at(-1)).toMatch(/^(19|20)\d\d$/u)
        const [table] = tablesOf(truth.bytes)
        expect(table!.headerRows).toBe(truth.header.length)
        expect(gridOf(table!)[truth.header.length]).toEqual(truth.body[0])
        expect(scoreTable(truth, [table!]).wrong).toEqual([])
      }
    }
  )

  it.each([1, 2, 3] as const)('finds no table in %i column(s) of prose', (columns) => {
    for (const seed of [1000, 1001, 1002]) {
      const bytes = prosePage(columns, seed)
      expect(tablesOf(bytes)).toEqual([])
      const page = analysisOfBytes(bytes).pages[0]!.analysis
      expect(page.text).not.toContain('\t')
      expect(page.flags.map((f) => f.code)).not.toContain('table')
    }
  })

  it('finds no table in three columns of paragraphs that start level, and reads them column by column', () => {
    // Seeds vary the font, size, gutter, leading and paragraph lengths; 11 of the first 20 read
    // as a table of paragraphs before prose was told from cells by its text.
    for (const seed of [1000, 1002, 1003, 1005, 1007, 1015]) {
      const { bytes, columns } = levelParagraphsPage(seed)
      expect(tablesOf(bytes)).toEqual([])
      const page = analysisOfBytes(bytes).pages[0]!.analysis
      expect(page.text).not.toContain('\t')
      expect(page.flags.map((f) => f.code)).not.toContain('table')
      expectInOrder(page.text.replace(/\s+/gu, ' '), columns.flat())
    }
  })

  it('finds no table in prose whose lines start at a few aligned indents', () => {
    for (const seed of [1000, 1001, 1002]) {
      const bytes = indentedProsePage(seed)
      expect(tablesOf(bytes)).toEqual([])
      expect(analysisOfBytes(bytes).pages[0]!.analysis.text).not.toContain('\t')
    }
  })

  it('reads 95% of body rows or more right, and the headers, over a seeded set', () => {
    let rows = 0
    let right = 0
    let headers = 0
    let tables = 0
    for (const kind of TABLE_KINDS) {
      for (const seed of [2000, 2001, 2002, 2003]) {
        const truth = generatedTable(kind, seed)
        const score = scoreTable(truth, tablesOf(truth.bytes))
        rows += score.bodyRows
        right += score.rightRows
        tables++
        if (score.headerRight) headers++
      }
    }
    expect(right / rows).toBeGreaterThanOrEqual(0.95)
    expect(headers / tables).toBeGreaterThanOrEqual(0.95)
  })
})
