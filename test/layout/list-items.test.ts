import { describe, expect, it } from 'vitest'
import { itemLevels, listItems } from '../../src-main/layout/list-items.js'
import { blockText } from '../../src-main/layout/page-text.js'
import { corpusPdf } from '../helpers/corpus.js'
import { BULLETS, elementsPdf, NUMBERED, prose } from '../helpers/elements-pdf.js'
import { analysisOfBytes } from '../helpers/made-pdf.js'
import { analysisOf } from '../helpers/pages.js'

type Page = ReturnType<typeof analysisOfBytes>['pages'][number]

function listBlocks(page: Page) {
  return page.layout.blocks.filter((b) => page.analysis.roles[b.id] === 'list')
}

describe('list items', () => {
  it('marks a bulleted list with a nested item as list blocks, items and markers kept', () => {
    const page = analysisOfBytes(elementsPdf([BULLETS])).pages[0]!
    const blocks = listBlocks(page)
    const items = blocks.flatMap((b) => listItems(b) ?? [])
    expect(items.map((i) => [i.marker, i.text])).toEqual([
      ['•', 'First item of the list'],
      ['•', 'Second item, which wraps onto a second line under its text'],
      ['–', 'A nested item'],
      ['•', 'Third item']
    ])
    expect(itemLevels(items, 10)).toEqual([0, 0, 1, 0])
    // The paragraph that introduces the list stays a paragraph; no table is flagged.
    const intro = page.layout.blocks.find((b) => blockText(b).startsWith('Some paragraph'))!
    expect(page.analysis.roles[intro.id]).toBe('body')
    expect(page.analysis.flags.map((f) => f.code)).not.toContain('table')
  })

  it('reads numbered, lettered and roman markers', () => {
    const page = analysisOfBytes(elementsPdf([NUMBERED])).pages[0]!
    const items = listBlocks(page).flatMap((b) => listItems(b) ?? [])
    expect(items.map((i) => i.marker)).toEqual(['1.', '2.', 'a)', 'b)', '(i)', '(ii)'])
    expect(itemLevels(items, 10)).toEqual([0, 0, 1, 1, 2, 2])
  })

  it('keeps a lone numbered line and a numbered paragraph out of lists', () => {
    const page = analysisOfBytes(
      elementsPdf([
        [
          ...prose(760, ['1. Introduction']),
          ...prose(730, [
            '2. The second point is made in a paragraph whose lines',
            'return to the left edge, where its number stands, as prose does.'
          ])
        ]
      ])
    ).pages[0]!
    expect(listBlocks(page)).toEqual([])
  })

  it('leaves a numbered heading set larger right over a list out of it', () => {
    const page = analysisOfBytes(
      elementsPdf([
        [
          ...prose(760, [
            'Body text at ten points, as most of the page is set, before it.',
            'A second line of it, to make the body size plain.'
          ]),
          { x: 72, y: 720, text: '2. Methods', size: 14, font: 'bold' },
          { x: 72, y: 702, text: '1.' },
          { x: 88, y: 702, text: 'Gather the samples' }
        ]
      ])
    ).pages[0]!
    const heading = page.layout.blocks.find((b) => blockText(b).startsWith('2. Methods'))!
    expect(page.analysis.roles[heading.id]).toBe('heading')
  })

  it('finds the bulleted lists of a real two-column article, and no list in its prose', () => {
    const { pages } = analysisOf(corpusPdf('olmocr__pdftotext_two_column_issue.pdf'))
    const page = pages[2]!
    const items = listBlocks(page).flatMap((b) => listItems(b) ?? [])
    expect(items.map((i) => i.text)).toEqual(
      expect.arrayContaining(['Redundant nuchal skin', 'Puffiness of the hands and feet'])
    )
    expect(items.every((i) => i.marker === '-')).toBe(true)
  })

  it('leaves a table of contents’ numbered entries as entries', () => {
    const { pages } = analysisOf(corpusPdf('pymupdf__test_3842.pdf'))
    expect(listBlocks(pages[6]!)).toEqual([])
    expect(listBlocks(pages[9]!).length).toBeGreaterThan(0)
  })
})
