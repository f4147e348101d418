import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { comparable, RULES } from '../../scripts/eval-rules.js'
import { loadReferences } from '../../scripts/eval-truth.js'

const TRUTH = fileURLToPath(new URL('../../../shared/corpus/truth/', import.meta.url))

describe('eval rules', () => {
  it("drops a tool's line break between Han or kana, never the spaces between Korean words", () => {
    expect(comparable('自然言語\n処理の 基礎', RULES.pdfminer)).toBe('自然言語処理の基礎')
    expect(comparable('보험 약관의\n현황', RULES.docling)).toBe('보험 약관의\n현황')
    expect(comparable('Form 1040NR\n2012', RULES.pdfminer)).toBe('Form 1040NR\n2012')
  })

  it("compares a form's words in any order, the same for every extractor", () => {
    const a = comparable('Wages, salaries\nAttach Form W-2', RULES.pdfminerForm)
    expect(comparable('Attach Form W-2\nWages, salaries', RULES.pdfminerForm)).toBe(a)
    expect(comparable('Attach Form W-2\nWages, salaries', RULES.pdfminer)).not.toBe(
      comparable('Wages, salaries\nAttach Form W-2', RULES.pdfminer)
    )
  })

  it("scores PDFBox's position-sorted reference where it exists, the content order apart", () => {
    const pdf = 'pdfbox__PDFBOX-3042-003177-p2.pdf'
    const files = [
      'truth/pdfbox__PDFBOX-3042-003177-p2.pdf.txt',
      'truth/pdfbox__PDFBOX-3042-003177-p2.pdf-sorted.txt'
    ]
    const { references, contentOrder } = loadReferences(
      TRUTH,
      new Map([[pdf, files]]),
      new Map([[pdf, ['word-spacing']]])
    )
    expect(references.map((r) => r.truthFile)).toEqual([
      'pdfbox__PDFBOX-3042-003177-p2.pdf-sorted.txt'
    ])
    expect(references[0]?.rule.boilerplate).toBe(true)
    expect(contentOrder.map((r) => r.truthFile)).toEqual(['pdfbox__PDFBOX-3042-003177-p2.pdf.txt'])
  })

  it('keeps boilerplate for the tools that print every line, not for Docling or olmOCR', () => {
    const pdf = 'pdfminer__f1040nr.pdf'
    const { references } = loadReferences(
      TRUTH,
      new Map([
        [pdf, ['truth/pdfminer__f1040nr.txt.ref']],
        ['docling__normal_4pages.pdf', ['truth/docling__normal_4pages.md']]
      ]),
      new Map([[pdf, ['form', 'table']]])
    )
    expect(references.map((r) => [r.rule.boilerplate, r.rule.anyOrder])).toEqual([
      [true, true],
      [false, false]
    ])
  })
})
