import { describe, expect, it } from 'vitest'
import { pageTables } from '../../src-main/layout/table-cells.js'
import { EXCLUDED_ROLES } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

/** The OTSL paper's Table 1: a two-level header beside wrapped labels, figures set in pairs. */
function otslTable() {
  const [page] = analysisOf(corpusPdf('docling__2305.03393v1-pg9.pdf')).pages
  const roles = page!.analysis.roles
  const tables = pageTables(page!.layout, (id) => !EXCLUDED_ROLES.has(roles[id] ?? 'body'))
  expect(tables).toHaveLength(1)
  return { table: tables[0]!, text: page!.analysis.text }
}

describe('cells set across rows', () => {
  it('reads a header cell wrapped over two lines beside a group of sub-columns as one cell', () => {
    const { table, text } = otslTable()
    expect(table.headerRows).toBe(2)
    const header = table.cells
      .filter((c) => c.row < table.headerRows)
      .map((c) => [c.row, c.column, c.rowSpan, c.colSpan, c.text])
    expect(header).toEqual([
      [0, 0, 2, 1, '# enc-layers'],
      [0, 1, 2, 1, '# dec-layers'],
      [0, 2, 2, 1, 'Language'],
      [0, 3, 1, 3, 'TEDs'],
      [0, 6, 2, 1, 'mAP (0.75)'],
      [0, 7, 2, 1, 'Inference time (secs)'],
      [1, 3, 1, 1, 'simple'],
      [1, 4, 1, 1, 'complex'],
      [1, 5, 1, 1, 'all']
    ])
    expect(text).toContain(
      '# enc-layers\t# dec-layers\tLanguage\tTEDs\t\t\tmAP (0.75)\tInference time (secs)\n\t\t\tsimple\tcomplex\tall\n6\t6\tOTSL\t0.965'
    )
  })

  it('gives a figure centred beside two rows a row span of two', () => {
    const { table } = otslTable()
    const first = table.cells.filter((c) => c.row === table.headerRows)
    expect(first.map((c) => [c.text, c.rowSpan])).toEqual([
      ['6', 2],
      ['6', 2],
      ['OTSL', 1],
      ['0.965', 1],
      ['0.934', 1],
      ['0.955', 1],
      ['0.88', 1],
      ['2.73', 1]
    ])
    const second = table.cells.filter((c) => c.row === table.headerRows + 1)
    expect(second.map((c) => c.column)).toEqual([2, 3, 4, 5, 6, 7])
  })
})
