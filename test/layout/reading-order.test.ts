import { describe, expect, it } from 'vitest'
import { isVerticalWriting } from '../../src-main/layout/frame.js'
import { readingOrder } from '../../src-main/layout/order.js'
import { geometricOrder } from '../../src-main/layout/page-order.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import type { PageLayout } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn } from '../helpers/drawn-pdf.js'
import { flat } from '../helpers/prose.js'
import { variedLeaflet } from '../helpers/varied-leaflets.js'
import { analysisOf, layoutOf } from '../helpers/pages.js'
import { expectInOrder } from './order-helpers.js'

function textOf(layout: PageLayout): string {
  const order = readingOrder(layout)
  return pageText(layout, order, blockRoles(layout))
}

describe('reading order', () => {
  it('reads a two-column paper column by column, title and abstract first', () => {
    const text = textOf(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')))
    expectInOrder(text, [
      'Trace-based Just-in-Time Type Specialization',
      'Abstract',
      'Dynamic languages such as JavaScript are more difficult to compile',
      '1. Introduction',
      'and is used for the application logic of browser-based',
      'We present a trace-based compilation technique'
    ])
  })

  it('reads three columns in turn and puts the footnotes after the body', () => {
    const [, page2] = analysisOf(corpusPdf('pdfplumber__federal-register-2020-17221.pdf')).pages
    const text = page2?.analysis.text ?? ''
    expectInOrder(text, [
      'These effects include stall warning activation, airspeed disagree alert, and',
      'altitude disagree alert,5 and may affect the flightcrew',
      'In addition to these four design changes',
      '1 Preliminary KNKT'
    ])
  })

  it('moves notes that cut a sentence ending in an acronym to the next notes, with a note’s rest', () => {
    const page3 = analysisOf(corpusPdf('pdfplumber__federal-register-2020-17221.pdf')).pages[2]
    const text = page3?.analysis.text ?? ''
    expect(text).toContain('the magnitude of any MCAS\n\ncommand to move the horizontal stabilizer')
    expectInOrder(text, [
      '10 A flight control law generates commands',
      '12 The magnitude of the command varies according to parameters such as the airplane’s',
      'altitude and airspeed, and would be limited',
      '13 More than 10 degrees difference',
      'Also, as a result of the installation of this revised MDS software'
    ])
  })

  it('moves a small unmarked note that cuts a sentence, and a note marked ∗, after the body', () => {
    const paper = textOf(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf')))
    expect(paper).toContain(
      'the de facto standard for client-side web programming\n\nand is used for the application logic'
    )
    expectInOrder(paper, ['Each compiled trace covers one path', 'Permission to make digital'])
    const journal = textOf(layoutOf(corpusPdf('olmocr__not_parsing2.pdf')))
    expectInOrder(journal, [
      'for treatment of different cancers such',
      'as acute lymphoblastic leukemia',
      '∗ Corresponding author.'
    ])
  })

  it('reads a table and its caption that cut a sentence after the paragraph that ends it', () => {
    const paper = textOf(layoutOf(corpusPdf('pdfminer__naacl06-shinyama.pdf'), 6))
    expect(paper).toMatch(/to these basic clusters\n\nand obtained 302 metaclusters \(tables\)/)
    expectInOrder(paper, [
      'and obtained 302 metaclusters',
      // A table's cells are parted by tabs, a row a line.
      'Source articles\t28,009\nBasic clusters\t5,543',
      'Table 2: Articles and obtained metaclusters.'
    ])
    const tracing = textOf(layoutOf(corpusPdf('pdfjs__tracemonkey.pdf'), 8))
    expect(tracing).toMatch(/Then the\n\nheuristic selects v with minimum vm/)
  })

  it('sets aside tags whose order breaks sentences that the geometry keeps whole', () => {
    const text = textOf(layoutOf(corpusPdf('pymupdf__test_3842.pdf'), 29))
    // Each reference runs on into the block MuPDF cut from it at its hanging indent (entries.ts).
    expect(text).toContain(
      '[18] SLURM (2024) SLURM Workload Manager. Available at https://slurm.schedmd.com'
    )
    expect(text).toContain('Regression Methods. Available at https://cran.r-project.org')
  })

  it('puts an article title above its abstract, after the end of the previous article', () => {
    const text = textOf(layoutOf(corpusPdf('olmocr__multi_column_miss.pdf')))
    expectInOrder(text, [
      'this leaves BAT to argue why it should not be held',
      'Corporate social responsibility and the tobacco industry: hope or hype?',
      'Corporate social responsibility (CSR) emerged from a realisation'
    ])
  })

  it('reads a bead holding a sidebar beside the abstract as the producer set it, not line by line', () => {
    const layout = layoutOf(corpusPdf('olmocr__not_parsing2.pdf'))
    expect(layout.structureOrder).not.toBeNull()
    const text = textOf(layout)
    expectInOrder(text, [
      'Article history:',
      'Accepted 6 September 2016',
      'Keywords:',
      'Acrylamide',
      'l-asparaginase (EC 3.5.1.1) is an enzyme',
      'as microorganisms, vegetal, and some animals'
    ])
    expect(text).toContain('by using some bacteria. However,')
  })

  it('follows article threads: the stanzas row by row, then the prose set between them', () => {
    const layout = layoutOf(corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf'))
    expect(layout.structureOrder).not.toBeNull()
    expectInOrder(textOf(layout), [
      'Er fasst ihn sicher, er hält ihn warm.',
      'Mein Sohn, was birgst du so bang dein Gesicht?',
      '„Du liebes Kind, komm, geh mit mir!',
      'Mein Vater, mein Vater, und hörest du nicht',
      'Dem Vater grauset’s; er reitet geschwind',
      'ARGAN, seul dans sa chambre'
    ])
  })

  it('reads stanzas set in a grid row by row from geometry alone', () => {
    const layout = layoutOf(corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf'))
    const text = pageText(layout, geometricOrder(layout), blockRoles(layout))
    expectInOrder(text, [
      'Er fasst ihn sicher, er hält ihn warm.',
      'Mein Sohn, was birgst du so bang dein Gesicht?',
      '„Du liebes Kind, komm, geh mit mir!',
      'Mein Vater, mein Vater, und hörest du nicht'
    ])
  })

  it("reads a leaflet's panels in turn where their list items stand level, row by row", () => {
    // variedLeaflet 178, in Courier, drawn by rows: the first two panels each open with a heading
    // and items level with the other's, as a table's cells are; under them the middle panel's
    // heading and paragraph of eleven lines, and beside them the third panel's heading over its
    // paragraph of seven. The page was read as a grid a row at a time, each panel's item
    // followed by the other's.
    const made = variedLeaflet(178)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    expectInOrder(flat(analysis.text), made.paragraphs.map(flat))
  })

  it("reads a panel's list beside the next panel's paragraph MuPDF cut into a block a line", () => {
    // variedLeaflet 533, justified Times drawn by rows: the middle panel's items each stand level
    // with a line of the third panel's paragraph, and MuPDF made every line a block of its own:
    // short blocks whose tops line up, as a table's cells do, read a row at a time, an item
    // between every two lines of the paragraph. The paragraph's lines go on in lower case.
    const made = variedLeaflet(533)
    const { analysis } = analysisOfDrawn([made.page], made.family).pages[0]!
    const text = flat(analysis.text)
    expectInOrder(text, made.paragraphs.map(flat))
    expect(text).toContain('before dawn, and the merchants blamed the weather at sea.')
  })

  it('reads a rotated table row by row', () => {
    const layout = layoutOf(corpusPdf('pdfplumber__nics-background-checks-2015-11-rotated.pdf'))
    expect(layout.rotation).not.toBe(0)
    const text = textOf(layout)
    expect(text).toContain('Alabama 18,870 23,022 22,650')
    expectInOrder(text, ['State / Territory', 'Alabama', 'Alaska', 'Arizona'])
  })

  it('reads a table header cell left outside the block of the table body before the body', () => {
    const text = textOf(layoutOf(corpusPdf('pdfbox__eu-001.pdf')))
    expectInOrder(text, [
      'Greenhouse gases',
      'to air',
      'to water',
      'to land',
      'Carbon dioxide (CO2)\t100 million'
    ])
    const next = text.slice(text.indexOf('Other gases'))
    expectInOrder(next, ['to air', 'to water', 'to land', 'Ammonia (NH3)\t10 000'])
  })

  it('reads a table cell wrapped over two lines whole, then the rest of its row', () => {
    const text = textOf(layoutOf(corpusPdf('pdfbox__eu-001.pdf')))
    expect(text).toContain('\nFlourine and inorganic compounds (as HF)\t5 000\t-\t-\n')
    expect(text).toContain('\nNon-methane volatile organic compounds (NMVOC)\t100 000\t-\t-\n')
    expect(text).toContain('\nMethane (CH4)\t100 000\t-\t-\n')
  })

  it('reads a table whose first column wraps beside one-line rows row by row', () => {
    const text = textOf(layoutOf(corpusPdf('olmocr__not_parsing2.pdf'), 5))
    // The name wrapped over two lines opens its row, whose other cells stand by its first line.
    expect(text).toContain(
      [
        'Yersinia Pseudotuberculosis Q66CJ\tSmF\t62.7 U mg−1\t0.017\t8.0\t60\t54',
        'Bacillus aryabhattai ITBHU02\tSmF\t680.5 U mg−1\t0.257\t8.5\t40\t55',
        'Pseudomonas fluorescens\tSmF'
      ].join('\n')
    )
  })

  it('reads vertical Japanese in columns from right to left, characters without spaces', () => {
    const text = textOf(layoutOf(corpusPdf('pdfminer__kampo.pdf')))
    expectInOrder(text, ['政令第百四十九号', '道路交通法施行令の一部を改正する政令'])
    expect(textOf(layoutOf(corpusPdf('pdfjs__issue6387.pdf')))).toContain(
      'あのイーハトーヴォのすきとおった風'
    )
  })

  it('reads a tier of vertical Japanese to its end before the tier under it', () => {
    // The gazette's tiers are parted by a rule, not whitespace: a comma boxed half a cell low
    // reaches across it, and the columns of the two tiers were read strip by strip.
    const text = textOf(layoutOf(corpusPdf('pdfminer__kampo.pdf')))
    expect(text).toContain('第百条の二第一項本文及び第四号、第百二条の二並びに第百二十五条第一項')
    expectInOrder(text, ['この政令を制定する。', '第三条の二第一項中', '一の五', '医療機関が'])
    // Only vertical writing is cut so; a page turned on its side reads its lines whole.
    expect(isVerticalWriting(layoutOf(corpusPdf('pdfminer__kampo.pdf')))).toBe(true)
    expect(isVerticalWriting(layoutOf(corpusPdf('olmocr__edgar-rotated90.pdf')))).toBe(false)
  })

  it('reads the overlapping punctuation of a vertical column in the order drawn', () => {
    const text = textOf(layoutOf(corpusPdf('pdfminer__kampo.pdf')))
    expect(text).toContain('以下この条において同じ。）を」に改め、同表中')
  })

  it('takes the structure tree order of a tagged page', () => {
    const layout = layoutOf(corpusPdf('pymupdf__test_3842.pdf'), 3)
    expect(layout.structureOrder?.length).toBeGreaterThan(5)
    expectInOrder(textOf(layout), [
      'Certain commercial entities, equipment, or materials',
      'Authority',
      'This publication has been developed by NIST'
    ])
  })

  it('does not trust a structure tree that only wraps the page in groups', () => {
    expect(layoutOf(corpusPdf('olmocr__mathfuncs.pdf')).structureOrder).toBeNull()
    const text = textOf(layoutOf(corpusPdf('olmocr__mathfuncs.pdf')))
    expectInOrder(text, [
      "Euler's Identity",
      'Pythagorean Theorem',
      'The Fundamental Theorem of Calculus',
      "Maxwell's Equations"
    ])
  })
})
