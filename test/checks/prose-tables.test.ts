import { describe, expect, it } from 'vitest'
import { proseTables } from '../../src-main/checks/prose-tables.js'
import { checkInput } from '../helpers/check-input.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { TABLE_KINDS, generatedTable } from '../helpers/generated-tables.js'
import { analysisOfBytes, layoutOfBytes } from '../helpers/made-pdf.js'
import { variedBooklet } from '../helpers/varied-layouts.js'

describe('prose columns read as a table', () => {
  it('flags a booklet whose two columns are read a row at a time, and marks where', () => {
    // eval-queue-vary.ts seed 10, booklet 10009: a side box narrows column 2 and its lines line
    // up with column 1's; read as a table of 10 rows, the page was rated ok.
    const drawn = variedBooklet(10009)
    const { analysis } = analysisOfDrawn([drawn.page], drawn.family).pages[0]!
    expect(analysis.text).toContain('long winter, and then\tQuiet bridge. Our')
    const flag = analysis.flags.find((f) => f.code === 'order_suspect')
    expect(flag?.message).toContain(
      'columns of running text are read as a table, a row at a time ("long winter, and then | Quiet bridge. Our")'
    )
    expect(flag?.evidence).toMatchObject({ proseTables: 1 })
    expect(analysis.decision).not.toBe('ok')
  })

  it.each(TABLE_KINDS)('takes a %s table for a table', (kind) => {
    for (const seed of [1000, 1001, 1002]) {
      const bytes = generatedTable(kind, seed).bytes
      expect(proseTables(checkInput(layoutOfBytes(bytes)))).toEqual([])
      const { analysis } = analysisOfBytes(bytes).pages[0]!
      expect(analysis.flags.map((f) => f.code)).not.toContain('order_suspect')
    }
  })
})
