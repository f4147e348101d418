import { describe, expect, it } from 'vitest'
import { drawnText, type PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf, documentPageText as pageText, layoutOf } from '../helpers/pages.js'

function blockTexts(layout: PageLayout): string[] {
  return layout.blocks.map(drawnText)
}

function blockWith(layout: PageLayout, words: string): string {
  const found = blockTexts(layout).find((t) => t.replace(/\s+/g, ' ').includes(words))
  if (found === undefined) throw new Error(`no block with "${words}"`)
  return found
}

describe('mergeParagraphs', () => {
  it('makes a double-spaced opinion one block per paragraph, not one per line', () => {
    const path = corpusPdf('pdfbox__PDFBOX-3042-003177-p2.pdf')
    const layout = layoutOf(path)
    const paragraph = blockWith(layout, 'Samuel sought admission')
    expect(paragraph).toContain('Hospital (“BJACH”)')
    expect(paragraph).toMatch(/He then\s+discharged him\.\s*$/)
    const text = pageText(path, 1)
    expect(text).toContain('Army Community Hospital (“BJACH”)')
    expect(text).toContain('He then discharged him.\n\nDuring the time Samuel')
    // The centred section number and the indented paragraphs stay apart.
    expect(text).toContain('standard of care.\n\nI\n\nSamuel sought')
  })

  it('mends line-end hyphens across the one-line blocks of an OCR layer', () => {
    const text = pageText(corpusPdf('olmocr__small_page_size.pdf'), 1)
    expect(text).toContain('is more gradually absorbed')
    expect(text).toContain('in all vegetable substances')
    expect(text).not.toMatch(/gra-\s+dually/)
    // A dash fitted to a tall box does not make its line reach over the next block's first.
    expect(text).toContain('the necessary admixture of stones')
    expect(text).toContain('a nature a3 to have been termed')
    // The next block's first row is justified with gaps as wide as a table's.
    expect(text).toContain('to explain the irregularity of their different effects')
  })

  it('joins the lines of a Chinese paragraph without spaces', () => {
    const text = pageText(corpusPdf('pymupdf__test_4182.pdf'), 1)
    expect(text).toContain('表现出跃迁式成长特征')
  })

  it('joins a CJK paragraph whose unjustified lines end a character apart, not a table column', () => {
    const resume = pageText(corpusPdf('pdfplumber__issue-71-duplicate-chars.pdf'), 1)
    expect(resume).toContain('爆破震动监测工作。（1）沟通协调业主')
    const statement = analysisOf(corpusPdf('pdfplumber__issue-67-example.pdf'))
      .pages.map((p) => p.analysis.text)
      .join('\f')
    expect(statement).toContain('向中央银行借款\n\n吸收存款及同业存放')
  })

  it('keeps two short lines that end level by chance apart', () => {
    const layout = layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf'))
    expect(blockWith(layout, 'at 1:01 p.m.')).not.toContain('APPEARANCES')
  })

  it('keeps a slide title out of the bullet under it', () => {
    const layout = layoutOf(corpusPdf('pdfminer__nlp2004slides.pdf'), 5)
    expect(blockWith(layout, '疎なデータの問題').trim()).toBe('疎なデータの問題')
  })
})
