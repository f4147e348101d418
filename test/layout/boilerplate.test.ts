import { describe, expect, it } from 'vitest'
import {
  boilerplateRoles,
  edgeBlocks,
  edgeKey,
  runningText
} from '../../src-main/layout/boilerplate.js'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, column, type Run } from '../helpers/drawn-pdf.js'
import { analysisOf, layoutOf } from '../helpers/pages.js'
import { flat, PROSE } from '../helpers/prose.js'
import { variedBooklet, variedTurnedBoxes } from '../helpers/varied-layouts.js'
import { expectInOrder } from './order-helpers.js'

describe('boilerplate', () => {
  it('finds the running head of a long document and keeps it as a header block, out of the text', () => {
    const { pages, stats } = analysisOf(corpusPdf('pdfplumber__federal-register-2020-17221.pdf'))
    expect(stats.running?.some((r) => r.key.includes('Federal Register / Vol. #'))).toBe(true)
    for (const page of pages.slice(1, 6)) {
      expect(page.analysis.text).not.toContain('Federal Register / Vol. 85')
      const head = page.layout.blocks.find((b) => drawnText(b).includes('Federal Register / Vol.'))
      expect(head && page.analysis.roles[head.id]).toBe('header')
      expect(page.analysis.order).toContain(head?.id)
    }
  })

  it('keeps the header row of tables that open two pages at the same height in the text', () => {
    const { pages } = analysisOf(corpusPdf('pdfbox__eu-001.pdf'))
    for (const page of pages.slice(1)) {
      // Read as the table's header rows where the table takes them in, else as paragraphs.
      expect(page.analysis.text).toMatch(
        /THRESHOLD FOR RELEASES( to air kg\/year\n\nto water|\n\tto air\tto water\tto land\n)/
      )
    }
  })

  it('leaves a watermark set slantwise across every page out of the text, as a stamp', () => {
    const { pages } = analysisOf(corpusPdf('pymupdf__cms-etc-filled.pdf'))
    const stamped = pages.filter((p) =>
      p.layout.blocks.some((b) => drawnText(b).includes('DO NOT SEND THIS PAGE'))
    )
    expect(stamped.length).toBeGreaterThan(5)
    for (const page of stamped) {
      expect(page.analysis.text).not.toContain('DO NOT SEND THIS PAGE')
      const stamp = page.layout.blocks.find((b) => drawnText(b).includes('DO NOT SEND'))
      expect(stamp && page.analysis.roles[stamp.id]).toBe('noise')
      const flag = page.analysis.flags.find((f) => f.code === 'header_footer')
      expect(flag?.evidence['texts']).toContain('DO NOT SEND THIS PAGE WITH YOUR CLAIM')
    }
  })

  it('keeps a theorem heading that several pages set at the same height above its own text', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    const layouts = [14, 16, 48].map((page) => layoutOf(geoTopo, page))
    const running = runningText(layouts.map(edgeBlocks))
    expect(running.some((r) => r.zone === 'bottom' && r.key.startsWith('Bemerkung #'))).toBe(true)
    for (const layout of layouts) {
      const roles = boilerplateRoles(layout, running)
      const headings = layout.blocks.filter((b) => /^Bemerkung \d+$/.test(drawnText(b).trim()))
      const lowest = headings.sort((a, b) => b.bbox[1] - a.bbox[1])[0]
      expect(lowest && lowest.bbox[1] / layout.height).toBeGreaterThan(0.78)
      expect(lowest && roles[lowest.id]).toBe('body')
    }
  })

  it('keeps a theorem heading that several pages set first under their running head', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    const layouts = [24, 32, 63].map((page) => layoutOf(geoTopo, page))
    const running = runningText(layouts.map(edgeBlocks))
    expect(running.some((r) => r.zone === 'top' && r.key.startsWith('Definition #'))).toBe(true)
    for (const layout of layouts) {
      const roles = boilerplateRoles(layout, running)
      const heading = layout.blocks.find((b) =>
        /^Definition \d+$/.test(drawnText(b).normalize('NFKC').trim())
      )
      expect(heading && heading.bbox[1] / layout.height).toBeLessThan(0.1)
      expect(heading && roles[heading.id]).toBe('body')
      const head = layout.blocks.find((b) => /^\d+ \d+\.\d+\. \p{Lu}/u.test(drawnText(b)))
      expect(head && roles[head.id]).toBe('header')
    }
  })

  it('keeps a figure label under a running head that carries the page number', () => {
    const layout = layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 20)
    const roles = boilerplateRoles(layout)
    const label = layout.blocks.find((b) => drawnText(b).trim() === 'X')
    expect(label && label.bbox[1] / layout.height).toBeLessThan(0.1)
    expect(label && roles[label.id]).toBe('body')
    const head = layout.blocks.find((b) => /^\d+ \d+\.\d+\. \p{Lu}/u.test(drawnText(b)))
    expect(head && roles[head.id]).toBe('header')
  })

  it('keeps a heading that several pages end on where other pages still run on', () => {
    const geoTopo = corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf')
    const ending = [17, 48, 57].map((page) => layoutOf(geoTopo, page))
    const isProof = (r: { zone: string; key: string }) =>
      r.zone === 'bottom' && r.key.startsWith('Beweis: @')
    // Alone, the three pages repeat "Beweis:" at one height near their foot.
    expect(runningText(ending.map(edgeBlocks)).some(isProof)).toBe(true)
    const runOn = [14, 18, 19, 21].map((page) => layoutOf(geoTopo, page))
    const running = runningText([...ending, ...runOn].map(edgeBlocks))
    expect(running.some(isProof)).toBe(false)
    const page17 = ending[0]!
    const proof = page17.blocks.find((b) => drawnText(b).trim() === 'Beweis:')
    expect(proof && proof.bbox[1] / page17.height).toBeGreaterThan(0.8)
    expect(proof && boilerplateRoles(page17, running)[proof.id]).toBe('body')
  })

  it('reads a subscripted variable near the foot as text, not as a roman page number', () => {
    const layout = layoutOf(corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'), 20)
    const variable = layout.blocks.find((b) => drawnText(b).trim() === 'Vxi')
    expect(variable && variable.bbox[1] / layout.height).toBeGreaterThan(0.8)
    expect(variable && boilerplateRoles(layout)[variable.id]).toBe('body')
  })

  it('matches running text whose page number changes', () => {
    expect(edgeKey('Page 12 of 30')).toBe(edgeKey('Page 13 of 30'))
    const edge = (key: string) => [{ key, zone: 'bottom' as const, y: 0.96 }]
    expect(runningText([edge('page #'), edge('page #'), edge('page #'), []])).toHaveLength(1)
    expect(runningText([edge('page #'), [], [], []])).toHaveLength(0)
  })

  it('marks a single page’s folio, running head and margin stamp without other pages', () => {
    const layout = layoutOf(corpusPdf('olmocr__ff518b1240a66978f22035528ccb029450b5_pg2.pdf'))
    const roles = boilerplateRoles(layout)
    const roleOf = (text: string) => {
      const block = layout.blocks.find((b) => drawnText(b).trim() === text)
      return block ? roles[block.id] : undefined
    }
    expect(roleOf('Woodworth et al.: Brief Notices')).toBe('header')
    expect(roleOf('Published by BYU ScholarsArchive, 1997')).toBe('footer')
    expect(roleOf('199')).toBe('footer')
    expect(roleOf('brief notices')).toBe('body')

    const persian = layoutOf(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf'))
    const stamp = persian.blocks.find((b) => drawnText(b).startsWith('Downloaded from jipm'))
    expect(stamp && boilerplateRoles(persian)[stamp.id]).toBe('noise')

    // Springer sets its numbered running head 12% down the page.
    const lncs = layoutOf(corpusPdf('docling__2305.03393v1-pg9.pdf'))
    const head = lncs.blocks.find((b) => drawnText(b).startsWith('Optimized Table Tokenization'))
    expect(head && boilerplateRoles(lncs)[head.id]).toBe('header')
  })

  it('reads a form’s rotated margin instructions beside their rows, unlike a stamp off the body', () => {
    const { pages } = analysisOf(corpusPdf('pdfminer__f1040nr.pdf'))
    const text = pages[0]?.analysis.text ?? ''
    expect(text).toMatch(/Please print or type\.\n\nPresent home address/)
    expect(text).toMatch(/Attach Forms W-2 here\.\n\nAlso attach Form\(s\) 1099-R/)
    expect(text).toContain('Enclose, but do not attach, any payment.')
    expect(pages[1]?.analysis.text).toMatch(/Tax and Credits\n\n/)
  })

  it('keeps line numbers of a transcript, which are not page numbers', () => {
    const layout = layoutOf(corpusPdf('pdfplumber__scotus-transcript-p1.pdf'))
    const roles = boilerplateRoles(layout)
    const one = layout.blocks.find((b) => drawnText(b).trim() === '1')
    expect(one && roles[one.id]).toBe('body')
  })
})

describe('boilerplate on a booklet set high on its page', () => {
  it('keeps the end of a sentence carried over to the top of the next column as body', () => {
    // Columns start 34 pt from the top: the one line ending the last column's paragraph
    // ("village of the crowded archive.") stands in the outer band, over the paragraph it
    // touches, and was left out as a running head.
    const booklet = variedBooklet(1006)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    expect(analysis.text).toContain('village of the crowded archive.')
    expectInOrder(flat(analysis.text), booklet.paragraphs.map(flat))
  })

  it('keeps the last word of a sentence carried over, set apart by paragraph spacing, as body', () => {
    // Paragraphs spaced a line apart: "first.", ending the first column's last sentence at the
    // top of the second, stood a paragraph's space above the next one, and was left out as a
    // running head ("… with sunshine returning to the south" and no more).
    const booklet = variedBooklet(5007)
    const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
    expect(flat(analysis.text)).toContain('returning to the south first.')
    expectInOrder(flat(analysis.text), booklet.paragraphs.map(flat))
  })

  it("keeps a sentence's end carried to the next column, level with its neighbours' first lines, as body", () => {
    // "Tuesday night." ends the first column's last sentence at the top of the second, a
    // paragraph's space over the next paragraph. It opens with a capital, so it was taken for a
    // running head; it stands in the columns' first row, where no running head does.
    const carried = `${PROSE.harbour} Storms in the north brought heavy rain and strong winds on`
    const text = (words: string, x: number, top: number): Run[] =>
      column(words, x, top, 160, 8.5, 11, 'Courier')
    const runs: Run[] = [
      { x: 40, y: 780, text: 'The Harbour Gazette', size: 8 },
      ...text(carried, 40, 752),
      { x: 230, y: 752, text: 'Tuesday night.', size: 8.5 },
      ...text(PROSE.orchard, 230, 730),
      ...text(`${PROSE.railway} ${PROSE.bakery}`, 420, 752)
    ]
    const { analysis, layout } = analysisOfDrawn([{ runs }], 'Courier').pages[0]!
    expect(flat(analysis.text)).toContain('strong winds on Tuesday night.')
    expectInOrder(flat(analysis.text), [PROSE.harbour, PROSE.orchard, PROSE.railway].map(flat))
    const headers = layout.blocks.filter((b) => analysis.roles[b.id] === 'header')
    expect(headers.map(drawnText)).toEqual(['The Harbour Gazette'])
  })

  it.each([
    ['beside paragraphs of many lines, in four columns', 99018],
    ['beside a paragraph whose first two lines MuPDF set apart', 28009],
    ['beside two lines that MuPDF set apart in the band, the rest right under them', 112018]
  ])(
    "keeps a box's label level with the paragraph that opens its column as text: %s",
    (_, seed) => {
      // Columns 25 to 36 pt from the top: labels set small in a column's margin beside its first
      // lines ("IMPORTANT", "NOTE", "CAUTION") stood in the outer band with nothing above them and
      // were left out as running heads, the page rated ok.
      const booklet = variedBooklet(seed)
      const { analysis } = analysisOfDrawn([booklet.page], booklet.family).pages[0]!
      // A box drawn with an icon reads it first ("! NOTE").
      const paragraphs = analysis.text.split('\n\n').map((p) => flat(p).replace(/^! /, ''))
      for (const box of booklet.boxes) expect(paragraphs).toContain(box)
      expect(analysis.roles).not.toContain('header')
    }
  )

  it('keeps a sentence that opens the page high in its top band as body', () => {
    // A paragraph of one line 42 pt from the top, turned boxes below it: it was left out as a
    // running head, though it is a sentence of sixteen words and no head names one.
    const page = variedTurnedBoxes(1017)
    const { analysis } = analysisOfDrawn([page.page], page.family).pages[0]!
    expect(analysis.text).toContain(page.paragraphs[0])
    expectInOrder(flat(analysis.text), page.paragraphs.map(flat))
  })
})
