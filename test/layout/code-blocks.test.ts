import { describe, expect, it } from 'vitest'
import { codeLines } from '../../src-main/layout/code-blocks.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { corpusPdf } from '../helpers/corpus.js'
import { elementsPdf, LISTING } from '../helpers/elements-pdf.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { analysisOf } from '../helpers/pages.js'

type Page = ReturnType<typeof analysisOfBytes>['pages'][number]

const codeBlocks = (page: Page) =>
  page.layout.blocks.filter((b) => page.analysis.roles[b.id] === 'code')

describe('code blocks', () => {
  it('marks a Courier listing as code and keeps its lines and indentation', () => {
    const page = analysisOfBytes(elementsPdf([LISTING])).pages[0]!
    const [listing, ...others] = codeBlocks(page)
    expect(others).toEqual([])
    expect(codeLines(listing!)).toEqual([
      'function add(a, b) {',
      '  return a + b;',
      '}',
      'console.log(add(3, 5));'
    ])
    const after = page.layout.blocks.find((b) => blockText(b).startsWith('A paragraph after'))!
    expect(page.analysis.roles[after.id]).toBe('body')
  })

  it('takes a page typed in Courier throughout for prose, not a listing', () => {
    const typed = [
      'MEMORANDUM (for the record); see the notes = below.',
      'The committee met on Tuesday and agreed on the budget.',
      'Minutes were taken by the secretary (Mr. Hale).'
    ].map((text, i) => ({ x: 72, y: 760 - i * 12, text, font: 'mono' as const }))
    const page = analysisOfBytes(elementsPdf([typed])).pages[0]!
    expect(codeBlocks(page)).toEqual([])
  })

  it('finds CWEB’s program text and leaves a paper’s fixed-width mail addresses alone', () => {
    const cweb = analysisOf(corpusPdf('pdfbox__cweb.pdf')).pages[7]!
    expect(codeBlocks(cweb).map((b) => codeLines(b).join('\n'))).toContain(
      'enum boolean {@!false, @!true};'
    )
    const paper = analysisOf(corpusPdf('pdfjs__tracemonkey.pdf')).pages[0]!
    expect(codeBlocks(paper)).toEqual([])
  })
})
