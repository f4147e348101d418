import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import type { LineRecognizer } from '../../src-main/repair/recognizer.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { verifyGlyphShapes } from '../../src-main/verify/glyph-shapes.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { fontMapPdf } from '../helpers/font-map-pdf.js'
import { withoutProgramTable } from '../helpers/program-tables.js'
import { HEADING, repairedHeading, wrongArabicMap } from '../helpers/wrong-maps.js'

function analysisOf(bytes: Uint8Array) {
  const file = openPdf(bytes)
  try {
    return analyzeDocument(file)
  } finally {
    closePdf(file)
  }
}

describe('glyphs read back against their map', () => {
  it('flags a heading whose map shifts every letter, with both readings as evidence', async () => {
    const bytes = fontMapPdf('shifted', [HEADING])
    const before = analysisOf(bytes)
    // The text layer alone: too few letters for garbled_text, nothing unmapped; passed as ok.
    expect(before.pages[0]?.analysis.text).toBe('Mjcsbsz Pqfojoh Ipvst gps uif Tvnnfs Ufsn')
    expect(before.pages[0]?.analysis.decision).toBe('ok')
    const verified = await verifyGlyphShapes(bytes, before)
    const page = verified.analysis.pages[0]!
    const flag = page.analysis.flags.find((f) => f.code === 'glyph_mismatch')
    expect(flag?.message).toBe(
      "font F1 (RIZOEZ+Times-Roman): the map reads 'Mjcsbsz Pqfojoh Ipvst gps uif Tvnnfs Ufsn', the glyphs read 'Library Opening Hours for the Summer Term' (7 of 7 sampled words differ)"
    )
    // The heading is the page's whole text: OCR reads it next.
    expect(page.analysis.decision).toBe('ocr')
    const [spot] = spotsOf(flag?.evidence ?? {})
    expect(spot?.bbox[0]).toBeCloseTo(72, 0)
    expect(spot?.note).toContain('Mjcsbsz')
  })

  it('flags a repair that learned wrong codes', async () => {
    const bytes = repairedHeading(-2)
    const before = analysisOf(bytes)
    expect(before.pages[0]?.analysis.text).toBe('Jgzpypw Mnclgle Fmspq dmp rfc Qskkcp Rcpk')
    const verified = await verifyGlyphShapes(bytes, before)
    const page = verified.analysis.pages[0]!
    const flag = page.analysis.flags.find((f) => f.code === 'glyph_mismatch')
    expect(flag?.evidence).toMatchObject({ reason: 'repaired', glyphs: HEADING })
    expect(flag?.message).toContain("the map reads 'Jgzpypw Mnclgle")
    expect(page.analysis.decision).not.toBe('ok')
  })

  it('flags an Arabic font whose map gives wrong letters, and passes its right map', async () => {
    const bytes = wrongArabicMap()
    const before = analysisOf(bytes)
    expect(before.pages[0]?.analysis.decision).toBe('ok')
    const verified = await verifyGlyphShapes(bytes, before)
    const flag = verified.analysis.pages[0]?.analysis.flags.find((f) => f.code === 'glyph_mismatch')
    expect(flag?.evidence).toMatchObject({ reason: 'arabic' })
    expect(flag?.message).toMatch(
      /^font F4 \(AAAAAA\+DejaVuSans\): the map reads '.+', the glyphs read '.+' \(\d+ of \d+ sampled words differ\)$/
    )
    expect(verified.analysis.pages[0]?.analysis.decision).toBe('ocr')
    const right = readFileSync(fixture('pdfs/arabic-text.pdf'))
    const passed = await verifyGlyphShapes(right, analysisOf(right))
    expect(passed).toMatchObject({ fonts: 1, mismatches: [] })
  })

  it('passes a repair that learned the right codes', async () => {
    const bytes = repairedHeading(0)
    const verified = await verifyGlyphShapes(bytes, analysisOf(bytes))
    expect(verified).toMatchObject({ fonts: 1, lines: 1, mismatches: [] })
    expect(verified.analysis.pages[0]?.analysis.decision).toBe('ok')
  })

  it("settles the corpus's Arabic fonts by their programs' own cmaps and glyph names, reading no line", async () => {
    const docling = readFileSync(corpusPdf('docling__right_to_left_01.pdf'))
    const persian = readFileSync(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf'))
    const reads: string[] = []
    const counting = (): LineRecognizer => ({
      readLine: () => {
        reads.push('line')
        return Promise.resolve('')
      },
      close: () => Promise.resolve()
    })
    const options = { recognizer: counting }
    expect(await verifyGlyphShapes(docling, analysisOf(docling), options)).toMatchObject({
      fonts: 2,
      lines: 0,
      mismatches: []
    })
    expect(await verifyGlyphShapes(persian, analysisOf(persian), options)).toMatchObject({
      fonts: 4,
      lines: 0,
      mismatches: []
    })
    expect(reads).toEqual([])
  })

  it('reads an Arabic line whose crop takes in its neighbours as one line', async () => {
    // Each font's line holds enough letters to settle its map: one line a font, where reading
    // the crop's edges of the lines above and below as lines of their own took a third. Its
    // program's cmap out of reach, nothing but the glyphs says the map is right.
    const bytes = withoutProgramTable(
      readFileSync(corpusPdf('docling__right_to_left_01.pdf')),
      'cmap'
    )
    const verified = await verifyGlyphShapes(bytes, analysisOf(bytes))
    expect(verified).toMatchObject({ fonts: 2, lines: 2, mismatches: [] })
  })

  it('stops reading a font whose glyphs show its map letter for letter on 30 letters', async () => {
    // A Persian article's four fonts glue their words: the full 60 letters took 8 lines. Its
    // subsets' glyph names out of reach, the glyphs are read.
    const bytes = withoutProgramTable(
      readFileSync(corpusPdf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf')),
      'post'
    )
    const verified = await verifyGlyphShapes(bytes, analysisOf(bytes))
    expect(verified).toMatchObject({ fonts: 4, lines: 6, mismatches: [] })
  })

  it('reads nothing back on a document whose fonts give no cause', async () => {
    const reads: string[] = []
    const counting = (): LineRecognizer => ({
      readLine: (_png, _dpi) => {
        reads.push('line')
        return Promise.resolve(HEADING)
      },
      close: () => Promise.resolve()
    })
    const clean = fontMapPdf('holes', ['The quick brown fox jumps over the lazy dog'])
    const result = await verifyGlyphShapes(clean, analysisOf(clean), { recognizer: counting })
    expect(result).toMatchObject({ fonts: 0, lines: 0, mismatches: [] })
    expect(reads).toEqual([])
  })
})
