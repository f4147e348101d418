import { describe, expect, it } from 'vitest'
import { cjk } from '../../src-main/checks/cjk.js'
import { headerFooter } from '../../src-main/checks/header-footer.js'
import { hyphenation } from '../../src-main/checks/hyphenation.js'
import { math } from '../../src-main/checks/math.js'
import { multiColumn } from '../../src-main/checks/multi-column.js'
import { orderChanged } from '../../src-main/checks/order-changed.js'
import { rotated } from '../../src-main/checks/rotated.js'
import { spacingProfile, spacingSuspect } from '../../src-main/checks/spacing-suspect.js'
import { table } from '../../src-main/checks/table.js'
import { tagged } from '../../src-main/checks/tagged.js'
import { drawnText } from '../../src-main/shared/layout.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf, layoutOf } from '../helpers/pages.js'

const input = (name: string, page = 1) => checkInput(layoutOf(corpusPdf(name), page))

describe('layout checks', () => {
  it('flags columns, the changed order, hyphenation and math of a two-column paper', () => {
    const page = input('pdfjs__tracemonkey.pdf')
    expect(multiColumn(page)[0]).toMatchObject({ code: 'multi_column', severity: 'info' })
    expect(multiColumn(page)[0]?.evidence['columns']).toBe(2)
    const moved = orderChanged(input('pdfplumber__federal-register-2020-17221.pdf', 2))[0]
    expect(moved?.message).toMatch(/^\d+ of \d+ blocks read in a different place/)
    expect(hyphenation(page)[0]?.evidence['joined']).toBeGreaterThan(3)
    expect(multiColumn(input('pdfminer__dmca.pdf'))).toEqual([])
    expect(math(input('olmocr__math_2503_04086.pdf'))).toHaveLength(1)
    expect(math(input('pdfminer__dmca.pdf'))).toEqual([])
  })

  it('flags a grid read row by row, and a rotated page', () => {
    const nics = input('pdfplumber__nics-background-checks-2015-11-rotated.pdf')
    expect(table(nics)).toHaveLength(1)
    expect(rotated(nics)[0]?.message).toMatch(/page rotated 90°|text runs/)
    expect(rotated(input('pdfminer__dmca.pdf'))).toEqual([])
  })

  it('sends the table rows of vertical Japanese, which Recto assembles glyph by glyph, to review', () => {
    const [flag] = table(input('pdfminer__kampo.pdf'))
    expect(flag?.severity).toBe('warn')
    expect(flag?.message).toMatch(/block of table rows/)
  })

  it('takes two prose columns whose paragraph breaks line up for columns, not a table', () => {
    // Page 5: Table 1, then two columns of prose whose paragraphs' tops are level by chance.
    const page = input('olmocr__not_parsing2.pdf', 5)
    const prose = page.layout.blocks
      .filter((b) => /^(industrial production, protein|chromatography, which)/.test(drawnText(b)))
      .map((b) => b.id)
    expect(prose).toHaveLength(2)
    const grids = (table(page)[0]?.evidence['grids'] ?? []) as number[][]
    expect(grids).toHaveLength(1)
    expect(grids.flat().filter((id) => prose.includes(id))).toEqual([])
    expect(multiColumn(page)[0]?.message).toMatch(/2 columns/)
  })

  it('does not send a figure whose letters line up to review as a table', () => {
    // Page 81: the labels 'yP', '0', 'xP', 'g1' of a drawing stand in a 2 × 2 grid.
    expect(table(input('pypdf-samples__GeoTopo-komprimiert.pdf', 81))).toEqual([])
    // Page 50: '(a) Kreis mit zwei Wegen' and '(b) Torus mit drei Wegen' under their drawings.
    expect(table(input('pypdf-samples__GeoTopo-komprimiert.pdf', 50))).toEqual([])
    // Charts' ticks and legends and a diagram's labels, set at under half the body size.
    expect(table(input('pdfjs__tracemonkey.pdf', 6))).toEqual([])
    expect(table(input('pdfminer__issue-1061-colour-space-stack.pdf', 10))).toEqual([])
    // naacl06 p2: the diagrams' labels are no grid; Table 1 above them is MuPDF's own rows.
    expect(table(input('pdfminer__naacl06-shinyama.pdf', 2))[0]?.severity).toBe('info')
  })

  it('takes a transcript whose lines are numbered in a column of their own for text, not a table', () => {
    expect(table(input('pdfplumber__scotus-transcript-p1.pdf'))).toEqual([])
    // A form's line numbers stand beside several cells a row: still a grid to look at.
    expect(table(input('pdfminer__f1040nr.pdf'))[0]?.severity).toBe('warn')
  })

  it('does not take a running head set in two cells for a table', () => {
    const pages = analysisOf(corpusPdf('pymupdf__test_3842.pdf')).pages
    const abstract = pages.find((p) => p.layout.page === 5)!
    expect(abstract.analysis.roles[0]).toBe('header')
    expect(abstract.analysis.flags.map((f) => f.code)).not.toContain('table')
  })

  it('names the boilerplate left out of a page', () => {
    const [flag] = headerFooter(input('olmocr__ff518b1240a66978f22035528ccb029450b5_pg2.pdf'))
    expect(flag?.message).toContain('"Woodworth et al.: Brief Notices"')
    expect(headerFooter(input('pdfminer__issue-791-non-unicode-cmap.pdf'))).toEqual([])
  })

  it('flags CJK text, vertical or not, and tagged order', () => {
    expect(cjk(input('pdfminer__kampo.pdf'))[0]?.message).toMatch(
      /Japanese characters .*set vertically/
    )
    expect(cjk(input('docling__normal_4pages.pdf'))[0]?.evidence['script']).toBe('Korean')
    expect(cjk(input('pdfjs__tracemonkey.pdf'))).toEqual([])
    expect(tagged(input('pymupdf__test_3842.pdf', 3))[0]?.evidence['used']).toBe(true)
    expect(tagged(input('pdfjs__tracemonkey.pdf'))).toEqual([])
    // The reference list is tagged as a table whose rows hold other entries' lines.
    const setAside = tagged(input('pymupdf__test_3842.pdf', 29))[0]
    expect(setAside?.message).toMatch(
      /set aside: their order keeps 7 sentences whole .* geometry 8/
    )
  })

  it('flags text whose words say spaces are missing or inserted, not clean text', () => {
    expect(spacingProfile('I n v o i c e T o t a l').single).toBeGreaterThan(5)
    expect(spacingProfile('InvoiceTotalAmountDueBeforeTaxes').long).toBe(1)
    expect(spacingSuspect(input('pdfjs__tracemonkey.pdf'))).toEqual([])
    expect(spacingSuspect(input('pdfbox__PDFBOX-3042-003177-p2.pdf'))).toEqual([])
    // The letters labelling a drawing stand alone, a paragraph each: no word is broken.
    expect(spacingProfile('X\n\nC\n\nDie Menge ist kompakt').single).toBe(0)
    expect(spacingSuspect(input('pypdf-samples__GeoTopo-komprimiert.pdf', 81))).toEqual([])
    // A page of topology: "Sei (X, T) ein Raum, U ⊆ X offen": 54 lone letters, none in a word.
    expect(spacingSuspect(input('pypdf-samples__GeoTopo-komprimiert.pdf', 6))).toEqual([])
    expect(spacingProfile('Am I a fan? Eine T a b e l l e').single).toBe(7)
  })
})
