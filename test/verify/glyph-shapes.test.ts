import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { applyFontMaps } from '../../src-main/repair/apply.js'
import { fontDicts } from '../../src-main/repair/font-programs.js'
import type { LineRecognizer } from '../../src-main/repair/recognizer.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { verifyGlyphShapes } from '../../src-main/verify/glyph-shapes.js'
import { fixture } from '../helpers/corpus.js'
import { fontMapPdf } from '../helpers/font-map-pdf.js'

/**
 * The Arabic fixture (five lines Chromium set in DejaVu Sans, with a right /ToUnicode) with a
 * wrong map: every Arabic letter or letter form the map gives moved four code points on (the
 * next letter, or another; back where that leaves the letters), as a broken producer's map
 * reads ("صوو عييهاوخ").
 */
function wrongArabicMap(): Uint8Array {
  const doc = mupdf.Document.openDocument(
    readFileSync(fixture('pdfs/arabic-text.pdf')),
    'application/pdf'
  )
  const pdf = doc.asPDF()!
  const font = (pdf.loadPage(0) as mupdf.PDFPage)
    .getObject()
    .getInheritable('Resources')
    .get('Font')
    .get('F4')
  const cmap = font
    .get('ToUnicode')
    .readStream()
    .asString()
    .split('\n')
    .map((line) => {
      // The last code of a bfchar or bfrange line is the text the map gives.
      const found = /^((?:<[0-9A-F]{4}> )+)<([0-9A-F]{4})>$/.exec(line)
      if (!found) return line
      const cp = parseInt(found[2]!, 16)
      const letters = [
        [0x0621, 0x064a],
        [0xfe80, 0xfef4]
      ].find(([from, to]) => cp >= from! && cp <= to!)
      if (!letters) return line
      const wrong = cp + 4 <= letters[1]! ? cp + 4 : cp - 4
      return `${found[1]}<${wrong.toString(16).toUpperCase().padStart(4, '0')}>`
    })
    .join('\n')
  font.put('ToUnicode', pdf.addStream(cmap, {}))
  const bytes = pdf.saveToBuffer('').asUint8Array().slice()
  doc.destroy()
  return bytes
}

function analysisOf(bytes: Uint8Array) {
  const file = openPdf(bytes)
  try {
    return analyzeDocument(file)
  } finally {
    closePdf(file)
  }
}

const HEADING = 'Library Opening Hours for the Summer Term'

/**
 * The heading's font after a repair, with the source `ocr` a repair records: a right one
 * (`shift` 0), or one that learned its letters wrong, each letter's code given the letter
 * `shift` places on ("Jgzpypw" for "Library" at -2).
 */
function repaired(shift: number): Uint8Array {
  const bytes = fontMapPdf('missing', [HEADING])
  const times = new mupdf.Font('Times-Roman')
  const map = new Map<number, string>()
  for (const ch of new Set(HEADING)) {
    const base = /[a-z]/.test(ch) ? 97 : /[A-Z]/.test(ch) ? 65 : -1
    const learned =
      base < 0 ? ch : String.fromCharCode(((ch.charCodeAt(0) - base + shift + 26) % 26) + base)
    map.set(times.encodeCharacter(ch), learned)
  }
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  const [dict] = fontDicts(doc.asPDF()!)
  const program = dict!.program.id
  doc.destroy()
  return applyFontMaps(bytes, [{ program, source: 'ocr', map }])
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
    const bytes = repaired(-2)
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
    const bytes = repaired(0)
    const verified = await verifyGlyphShapes(bytes, analysisOf(bytes))
    expect(verified).toMatchObject({ fonts: 1, lines: 1, mismatches: [] })
    expect(verified.analysis.pages[0]?.analysis.decision).toBe('ok')
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
