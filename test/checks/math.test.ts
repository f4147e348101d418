import { describe, expect, it } from 'vitest'
import { formulaLines, math } from '../../src-main/checks/math.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOfBytes, madePdf } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'

/** Pieces of a formula: `i` for Times-Italic variables, `r` roman, `^` a raised small exponent. */
function formula(...pieces: [string, string][]): string {
  return pieces
    .map(([font, text]) =>
      font === '^'
        ? `/R 7 Tf 0 4 Td (${text}) Tj 0 -4 Td`
        : `/${font === 'i' ? 'I' : 'R'} 11 Tf (${text}) Tj`
    )
    .join(' ')
}

/**
 * A page of formulas set as a word processor sets them: Times-Italic variables, Times-Roman
 * digits and ASCII operators, exponents raised in a smaller size; no math font, no math symbol.
 */
function formulaPage(): Uint8Array {
  const formulas = [
    formula(
      ['i', 'f'],
      ['r', '\\('],
      ['i', 'x'],
      ['r', '\\) = '],
      ['i', 'ax'],
      ['^', '2'],
      ['r', ' + '],
      ['i', 'bx'],
      ['r', ' + '],
      ['i', 'c']
    ),
    formula(
      ['i', 'a'],
      ['^', '2'],
      ['r', ' + '],
      ['i', 'b'],
      ['^', '2'],
      ['r', ' = '],
      ['i', 'c'],
      ['^', '2']
    ),
    formula(['i', 'E'], ['r', ' = '], ['i', 'mc'], ['^', '2']),
    formula(['i', 'v'], ['r', ' = '], ['i', 'u'], ['r', ' + '], ['i', 'at'])
  ]
  return madePdf((doc) => {
    const R = doc.addSimpleFont(new mupdf.Font('Times-Roman'), 'Latin')
    const I = doc.addSimpleFont(new mupdf.Font('Times-Italic'), 'Latin')
    const lines = [
      '/R 11 Tf (For every real number x and the constants below we have) Tj',
      ...formulas,
      '/R 11 Tf (which proves the claim for all such numbers.) Tj'
    ]
    const content = lines.map((l, i) => `BT 1 0 0 1 72 ${780 - i * 30} Tm ${l} ET`).join('\n')
    return [{ content, resources: { Font: { R, I } } }]
  })
}

describe('math', () => {
  it('notes a page of formulas set in text fonts', () => {
    const layout = layoutOfBytes(formulaPage())
    const [flag] = math(checkInput(layout))
    expect(flag).toMatchObject({ code: 'math', severity: 'info' })
    // MuPDF ends a line where an exponent rises, so a formula may count as two lines.
    expect((flag?.evidence as { formulaLines: number }).formulaLines).toBeGreaterThanOrEqual(4)
    expect(flag?.message).toMatch(
      /^math content: 0 characters in math fonts, 0 math symbols, \d formula lines \(e\.g\. "f\(x\) = ax"\)$/
    )
  })

  it('reads no formula into prose, costs or code with an equals sign', () => {
    // "1 work-hour × $85 per hour = $85", and SQL's "( SESSION_USER , 'MGR' ) = 1".
    expect(
      formulaLines(layoutOf(corpusPdf('pdfplumber__federal-register-2020-17221.pdf'), 5))
    ).toEqual([])
    expect(formulaLines(layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 13))).toEqual([])
    expect(math(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })

  it('counts the formulas of a calculus exercise page', () => {
    const lines = formulaLines(layoutOf(corpusPdf('olmocr__openstax_caculus_pg_273.pdf')))
    expect(lines).toContain('s(t) = t3 −8t')
  })
})
