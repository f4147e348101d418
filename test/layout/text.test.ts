import { describe, expect, it } from 'vitest'
import { blockTextDetail } from '../../src-main/layout/block-text.js'
import { joinHyphenated } from '../../src-main/layout/hyphenation.js'
import { readingOrder } from '../../src-main/layout/order.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

function textOf(layout: PageLayout): string {
  return pageText(layout, readingOrder(layout), blockRoles(layout))
}

describe('page text', () => {
  it('joins words hyphenated at a line end and keeps hyphens of compounds', () => {
    const none = new Set<string>()
    expect(joinHyphenated('a technique of compu-', 'tation and', none)).toEqual({
      text: 'a technique of computation and',
      joined: true
    })
    // Both halves are words (the block's own vocabulary says so even without a word list).
    expect(joinHyphenated('a well-', 'known result', new Set(['well', 'known']))).toEqual({
      text: 'a well-known result',
      joined: false
    })
    expect(joinHyphenated('Ende', 'nächste', none)).toBeNull()
  })

  it('keeps the hyphen of a name broken at a line end when the joined form is not a word', () => {
    const english = new Set(['the', 'programs', 'access', 'nested', 'loops'])
    expect(joinHyphenated('namely access-', 'fannkuch, access', english)).toEqual({
      text: 'namely access-fannkuch, access',
      joined: false
    })
    expect(joinHyphenated('on bitops-bitwise-', 'and, crypto', english)).toEqual({
      text: 'on bitops-bitwise-and, crypto',
      joined: false
    })
    // German prose: "wider" is an English word, but the text is not English.
    const german = new Set(['mit', 'einem', 'beweis', 'ist', 'der', 'satz', 'nicht'])
    expect(joinHyphenated('mit Wider-', 'spruchsbeweisen', german)).toEqual({
      text: 'mit Widerspruchsbeweisen',
      joined: true
    })
    const tracemonkey = corpusPdf('pdfjs__tracemonkey.pdf')
    expect(textOf(layoutOf(tracemonkey, 10))).toContain('bitops-bitwise-and, crypto-sha1')
    const eleven = textOf(layoutOf(tracemonkey, 11))
    expect(eleven).toContain('bitops-nsieve-bits, access-fannkuch, access-nsieve')
    expect(eleven).toContain('Because date-format-tofte and date-format-xparb')
  })

  it('mends a word broken across two blocks of one paragraph', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    // MuPDF set the line with the subscripts "ϕij" apart from the line before it.
    expect(textOf(layoutOf(geoTopo, 33))).toContain(
      'wenn jede Kartenwechselabbildung ϕij, i, j ∈ I k-mal stetig differenzierbar ist.'
    )
    expect(textOf(layoutOf(geoTopo, 33))).not.toContain('Karten-')
  })

  it('keeps the hyphen after a one-letter prefix at a line end', () => {
    expect(joinHyphenated('of the enzyme L-', 'asparaginase', new Set())).toEqual({
      text: 'of the enzyme L-asparaginase',
      joined: false
    })
  })

  it('mends hyphenation across the lines of real paragraphs', () => {
    const layout = layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'))
    const joined = layout.blocks.reduce((n, b) => n + blockTextDetail(b).hyphensJoined, 0)
    expect(joined).toBeGreaterThan(3)
    const text = textOf(layout)
    expect(text).not.toMatch(/\b(compi|pro|inter)- [a-z]/)
  })

  it('starts each bulleted item of a list on a line of its own', () => {
    const dmca = textOf(layoutOf(corpusPdf('pdfminer__dmca.pdf')))
    expect(dmca).toMatch(/implements the WIPO treaties\.\n! Title II, the “Online/)
    const notes = textOf(layoutOf(corpusPdf('olmocr__large_prompt_hint1.pdf'), 5))
    expect(notes).toContain('\n• Organization is one of the biggest factors')
  })

  it('starts each entry of a table of contents on a line of its own', () => {
    const toc = textOf(layoutOf(corpusPdf('pymupdf__test_3842.pdf'), 7))
    expect(toc).toMatch(/2\.1\.2\. Components of the Data Storage Zone \.+ 4\n2\.1\.3\. Parallel/)
    const redbook = textOf(layoutOf(corpusPdf('docling__redp5110_sampled.pdf'), 2))
    expect(redbook).toMatch(/\. vii\nTrademarks \./)
  })

  it('opens a line with the line number set apart on its row', () => {
    const transcript = textOf(layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf')))
    expect(transcript).toMatch(/^1 IN THE SUPREME COURT OF THE UNITED STATES\n\n2 - - -/)
    expect(transcript).toContain('\n\n6 v. : No. 07-1315\n\n')
    // Vertical Japanese: a comma boxed half a cell off its column is no line number.
    const kampo = textOf(layoutOf(corpusPdf('pdfminer__kampo.pdf')))
    expect(kampo).toContain('内閣は、道路交通法の一部を改正する法律')
  })

  it('puts spaces where the producer drew words apart without one', () => {
    const text = textOf(layoutOf(corpusPdf('pdfbox__PDFBOX-3042-003177-p2.pdf')))
    expect(text).toContain('medical history of diabetes')
    expect(text).toContain('Federal Tort Claims Act')
    expect(text).not.toContain('medicalhistoryof')
  })

  it('puts a space after a comma drawn a narrow gap before the next word', () => {
    const text = textOf(layoutOf(corpusPdf('pdfbox__PDFBOX-3042-003177-p2.pdf')))
    expect(text).toContain('Samuel Cleveland has passed away, his wife, Bobbie Jean Cleveland')
  })

  it('reads a note’s small raised mark apart from the note’s first word', () => {
    // dmca draws the mark as a line of its own; GeoTopo as a span of the note's line.
    expect(textOf(layoutOf(corpusPdf('pdfminer__dmca.pdf')))).toContain(
      '1 Pub. L. No. 105-304, 112 Stat. 2860'
    )
    const note = textOf(layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 12))
    expect(note).toContain('1 Diese Metrik wird auch „französische Eisenbahnmetrik“ genannt.')
    // A fraction's denominator before a variable sits low: "½t" stays one term.
    const fraction = textOf(layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 50))
    expect(fraction).toMatch(/\b2t falls 0 ≤ t < 1/)
  })

  it('closes up letter-spaced words and reads a vertical-font line as words', () => {
    const text = textOf(
      layoutOf(corpusPdf('pdfbox__PDFBOX-3127-RAU4G6QMOVRYBISJU7R6MOVZCRFUO7P4-VFont.pdf'))
    )
    expect(text).toContain('NOTICE OF PUBLIC HEARING')
    expect(text).toContain('The South Carolina Department of Insurance will hold a public')
  })

  it('composes accents drawn as their own glyphs over letters', () => {
    const text = textOf(layoutOf(corpusPdf('olmocr__math_2503_04086.pdf')))
    expect(text).toContain('We also thank Ján Mináč for his constant encouragement')
  })

  it('normalises ligatures and separates paragraphs by blank lines', () => {
    const text = textOf(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')))
    expect(text).not.toMatch(/[\uFB00-\uFB06]/)
    expect(text).toMatch(/\n\nAbstract\n\n/)
  })

  it('keeps a line below a formula of tall glyphs on its own row, after the formula', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    const proof = textOf(layoutOf(geoTopo, 106))
    expect(proof).toContain(
      'existiert außerdem ein Weg γ2 von a nach 02. Damit existiert ein (nicht einfacher) Weg γ von 01 nach'
    )
    const example = textOf(layoutOf(geoTopo, 31))
    expect(example).toMatch(
      /1\) F : R3 → R, \(x, y, z\) .*\n?.*Sn ist n-dimensionale Mannigfaltigkeit/
    )
    expect(example).not.toContain('R,Sn')
  })

  it('reads an end-of-proof mark at the right margin after the last line of the proof', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    // "⇒" reaches down past its line, so the mark's middle also lies in the row above it.
    expect(textOf(layoutOf(geoTopo, 49))).toContain(
      'H(1, s) = γ(1 − s + s) = γ(1) ⇒ H ist Homotopie. ■'
    )
    expect(textOf(layoutOf(geoTopo, 6))).toContain(
      'Außerdem XC = X \\ X = ∅ ∈ T und X \\ ∅ = X ∈ T, d. h. X und ∅ sind als Komplement offener Mengen abgeschlossen. ■'
    )
    // The mark's top lies a twentieth of a point above the top of the line it stands on.
    expect(textOf(layoutOf(geoTopo, 22))).toContain(
      'X ∪ S ist zusammenhängend, aber nicht wegzusammenhängend. ■'
    )
  })

  it('reads a label stacked over an arrow before the arrow', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    expect(textOf(layoutOf(geoTopo, 70))).toContain(
      'P ′̸ = P Satz 4.1====⇒ P B schneidet AP ′ ∪ AQ\n'
    )
    expect(textOf(layoutOf(geoTopo, 71))).toContain('Bem. 61=====⇒ P B+ ∩ AQ̸ = ∅.')
  })

  it('puts a space where CJK stands a full-width space apart, and none inside a word', () => {
    const report = textOf(layoutOf(corpusPdf('pdfplumber__issue-67-example.pdf'), 4))
    // The shareholders' table is read as a table: its header cells parted by tabs.
    expect(report).toMatch(/股东名称[ \t]股东性质[ \t]持股比例[ \t]持股数量/u)
    const paper = textOf(layoutOf(corpusPdf('pymupdf__test_4182.pdf')))
    expect(paper).toContain('关键词：数字拟人品 数字技术 拟社会互动 商业模式内容创新 产品成长逻辑')
    // Vertical Japanese: an item number a full-width space above its text opens its line.
    const gazette = textOf(layoutOf(corpusPdf('pdfminer__kampo.pdf')))
    expect(gazette).toContain('一 法第五十一条第五項の規定による車両の移動の決定')
    expect(gazette).toContain('\n二 普通自転車（法第六十三条の三に規定す')
  })

  it('joins CJK lines without spaces and Latin lines with one', () => {
    const line = (text: string, y: number) => ({
      bbox: [0, y, 10 * text.length, y + 10] as const,
      wmode: 0 as const,
      dir: [1, 0] as const,
      spans: [
        {
          text,
          bbox: [0, y, 10 * text.length, y + 10] as const,
          font: 'F',
          size: 10,
          bold: false,
          italic: false,
          mono: false,
          charX: [...text].flatMap((_, i) => [10 * i, 10 * i + 10])
        }
      ]
    })
    const block = (a: string, b: string) => ({
      id: 0,
      bbox: [0, 0, 100, 22] as const,
      lines: [line(a, 0), line(b, 12)]
    })
    expect(blockTextDetail(block('监测工作。', '沟通协调业主')).text).toBe('监测工作。沟通协调业主')
    expect(blockTextDetail(block('first line', 'second line')).text).toBe('first line second line')
  })
})
