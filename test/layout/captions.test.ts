import { describe, expect, it } from 'vitest'
import { blockText } from '../../src-main/layout/page-text.js'
import { corpusPdf } from '../helpers/corpus.js'
import { generatedTable } from '../helpers/generated-tables.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { analysisOf } from '../helpers/pages.js'

type Page = ReturnType<typeof analysisOf>['pages'][number]

/** The role of the page's first block whose text starts with `start`. */
function roleOf(page: Page, start: string): string | undefined {
  const block = page.layout.blocks.find((b) => blockText(b).startsWith(start))
  return block && page.analysis.roles[block.id]
}

describe('captions', () => {
  it('marks a paper’s figure and table captions, not the sentences about them', () => {
    const { pages } = analysisOf(corpusPdf('pdfminer__naacl06-shinyama.pdf'))
    expect(roleOf(pages[1]!, 'Table 1: Sample discovered relation.')).toBe('caption')
    expect(roleOf(pages[1]!, 'Figure 1: Obtaining basic patterns.')).toBe('caption')
    for (const page of pages) {
      for (const block of page.layout.blocks) {
        if (!/^(Figure|Table) \d+ \p{Ll}/u.test(blockText(block))) continue
        expect(page.analysis.roles[block.id]).not.toBe('caption')
      }
    }
  })

  it('keeps a list of figures’ entries as body, and marks the caption they name', () => {
    const { pages } = analysisOf(corpusPdf('pymupdf__test_3842.pdf'))
    expect(roleOf(pages[7]!, 'Fig. 1. HPC')).toBe('body')
    expect(roleOf(pages[10]!, 'Fig. 1. HPC System Reference Architecture')).toBe('caption')
  })

  it('marks a bold caption over a generated table as a caption, not a heading', () => {
    const table = generatedTable('plain', 1000, 'Table 2: Spending by ward.')
    const page = analysisOfBytes(table.bytes).pages[0]!
    const caption = page.layout.blocks.find((b) => blockText(b).startsWith('Table 2:'))!
    expect(page.analysis.roles[caption.id]).toBe('caption')
  })
})
