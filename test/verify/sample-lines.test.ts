import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { sampleLines, SAMPLE_LINES } from '../../src-main/verify/sample-lines.js'
import { oddLetters } from '../../src-main/verify/suspect-fonts.js'
import { corpusPdf } from '../helpers/corpus.js'

function layoutsOf(name: string) {
  const file = openPdf(readFileSync(corpusPdf(name)))
  try {
    return analyzeDocument(file).pages.map((page) => page.layout)
  } finally {
    closePdf(file)
  }
}

describe('the lines verification reads back', () => {
  it('reads a running head once, not once a page', () => {
    // not_parsing2's small capitals: the journal's name atop every page, and a few headings.
    const lines = sampleLines(layoutsOf('olmocr__not_parsing2.pdf'), 'FLIBLO+Caecilia-RomanSC')
    const texts = lines.map((line) => line.text)
    expect(texts.length).toBeGreaterThan(1)
    expect(texts.length).toBeLessThanOrEqual(SAMPLE_LINES)
    expect(new Set(texts).size).toBe(texts.length)
    // The head as its pages split it (three spellings), not the same one on six of its 9 pages:
    // the words of the article's headings are read too.
    expect(texts.filter((text) => text.startsWith('brazilianjournal')).length).toBeLessThan(4)
    expect(texts).toContain('abstract')
  })

  it('doubts a shifted alphabet, not a heading repeated in German', () => {
    expect(oddLetters('Mjcsbsz Pqfojoh Ipvst gps uif Tvnnfs Ufsn Uif rvjdl cspxo gpy kvnqt')).toBe(
      true
    )
    // GeoTopo's exercise headings: "Aufgabe" on each, which alone set the font's letter profile.
    const headings = Array.from({ length: 12 }, (_, i) => `Aufgabe ${i + 1}`).join(' ')
    expect(oddLetters(`${headings} (Cantorsches Diskontinuum) (Kompaktheit) Lösung zu`)).toBe(false)
  })
})
