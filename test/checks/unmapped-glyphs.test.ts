import { describe, expect, it } from 'vitest'
import { unmappedGlyphs } from '../../src-main/checks/unmapped-glyphs.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'
import { layoutOfBytes, madePdf, textLines } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'
import { spotsOf } from '../../src-main/shared/spots.js'
import { syntheticLayout } from '../helpers/store-pages.js'
import { type3LostBetaPdf } from '../helpers/type3-pdf.js'

function flagOf(name: string, page = 1) {
  return unmappedGlyphs(checkInput(layoutOf(corpusPdf(name), page)))
}

describe('unmapped_glyphs', () => {
  it('flags a page of U+FFFD from an Identity-H font without /ToUnicode', () => {
    const [flag] = flagOf('pymupdf__test_2791_content.pdf', 2)
    expect(flag).toMatchObject({ code: 'unmapped_glyphs', severity: 'error' })
    expect(flag?.message).toBe(
      '50% of characters have no Unicode mapping (1077 of 2175): font TT35 (DKGAFH+Georgia) has no /ToUnicode and the Identity-H encoding'
    )
    expect(flag?.evidence).toMatchObject({ unmapped: 1077, chars: 2175, replacement: 1077 })
  })

  it('flags silent garbage from a TrueType font with neither /ToUnicode nor an encoding', () => {
    const [flag] = flagOf('ocrmypdf__truetype_font_nomapping.pdf')
    expect(flag?.severity).toBe('error')
    expect(flag?.evidence).toMatchObject({ unmapped: 5, chars: 5, replacement: 0 })
    expect(flag?.message).toContain(
      "font R8 (LBYKWV+01ebsit,Bold) has no /ToUnicode and only the font program's own encoding"
    )
  })

  it('flags fonts with opaque glyph names inside a form XObject (TAMReview)', () => {
    const [flag] = flagOf('pdfjs__TAMReview.pdf', 2)
    expect(flag?.severity).toBe('error')
    expect(flag?.message).toMatch(
      /^91% of characters have no Unicode mapping \(2320 of 2552\): font ARRS\/F1 \(EMMOLK\+Cambria\) has no \/ToUnicode and opaque glyph names$/
    )
  })

  it('traces letters from a Type3 font with opaque glyph names to their font', () => {
    const [flag] = unmappedGlyphs(checkInput(layoutOf(fixture('pdfs/type3-opaque-names.pdf'))))
    expect(flag?.severity).toBe('error')
    expect(flag?.message).toMatch(
      /^100% of characters have no Unicode mapping \(7 of 7\): font T1 \(Type3 \(\d+ 0 R\)\) has no \/ToUnicode and opaque glyph names$/
    )
  })

  it('flags the non-Unicode CMap sample of pdfminer issue 791', () => {
    const [flag] = flagOf('pdfminer__issue-791-non-unicode-cmap.pdf')
    expect(flag?.message).toContain('100% of characters')
  })

  it('keeps a few stray symbols to a note and passes clean text', () => {
    // Three arrow tips of an xy-pic font named d32, d47, d127 among a page of lecture notes.
    const [note] = flagOf('pypdf-samples__GeoTopo-komprimiert.pdf', 14)
    expect(note?.severity).toBe('info')
    expect(note?.evidence).toMatchObject({ unmapped: 3 })
    // The paper's big brackets are cmex glyphs the text reads by their TeX names (extract/).
    expect(flagOf('olmocr__math_2503_04086.pdf')).toEqual([])
    expect(flagOf('pdfjs__tracemonkey.pdf')).toEqual([])
    // dmca's bullets come from a symbol TrueType with no map and read as "!": 5 characters, a
    // note; its non-embedded Helvetica (WinAnsi, no /ToUnicode) maps correctly and is not blamed.
    const [bullets] = flagOf('pdfminer__dmca.pdf')
    expect(bullets?.severity).toBe('info')
    expect(bullets?.evidence).toMatchObject({ unmapped: 5, replacement: 0, privateUse: 0 })
    expect(bullets?.message).toContain('ELCKGH+WPTypographicSymbols')
  })
})

/**
 * A Type3 font (square glyphs named after their letters) whose "c" is drawn with code 1 and the
 * opaque glyph name g99, with no /ToUnicode: MuPDF has no Unicode for it, so every word with a
 * "c" reads with a hole ("Spee�h", "Gerla�h"), in 5 words on a page of 2,700 characters.
 */
function type3WithoutC(): Uint8Array {
  const prose = [
    'Speech by Gerlach at the opening of the autumn meeting',
    'The speech of Gerlach was heard by the whole council',
    'which met once more in the old town hall for its session'
  ]
  const filler = 'many more plain words follow here and there in this long line of the page'
  const lines = [...prose, ...prose, ...Array.from({ length: 30 }, () => filler)]
  return madePdf((doc) => {
    const square = doc.addStream('500 0 0 0 450 600 d1 0 0 450 600 re f', {})
    const procs: Record<string, unknown> = { space: doc.addStream('250 0 d0', {}), g99: square }
    const differences: (number | string)[] = [1, 'g99', 32, 'space', 65]
    for (let code = 65; code <= 122; code++) {
      const letter = String.fromCharCode(code)
      const name = /[A-Za-z]/.test(letter) && letter !== 'c' ? letter : '.notdef'
      if (name !== '.notdef') procs[name] = square
      differences.push(name)
    }
    const font = doc.addObject({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 500, 700],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: procs,
      Encoding: { Type: 'Encoding', Differences: differences },
      FirstChar: 0,
      LastChar: 122,
      Widths: Array.from({ length: 123 }, (_, code) => (code === 32 ? 250 : 500))
    })
    const content = textLines('T1', 9, lines).replaceAll('c', '\\001')
    return [{ content, resources: { Font: { T1: font } } }]
  })
}

describe('unmapped_glyphs: a letter missing everywhere', () => {
  it('asks for review when one letter is unmapped across many words, under 1% of the page', () => {
    const [flag] = unmappedGlyphs(checkInput(layoutOfBytes(type3WithoutC())))
    const { unmapped, chars } = flag?.evidence as { unmapped: number; chars: number }
    expect(unmapped / chars).toBeLessThan(0.01)
    expect(flag).toMatchObject({ code: 'unmapped_glyphs', severity: 'warn' })
    expect(flag?.evidence).toMatchObject({ brokenWords: 5 })
    expect(flag?.message).toContain('a letter is missing from 5 words (spee\ufffdh, gerla\ufffdh')
  })

  it('keeps a symbol or two beside letters to a note', () => {
    // A Korean title quoted with private-use brackets: "\u{f0854}이슈와 논점\u{f0855}은".
    const [note] = flagOf('docling__normal_4pages.pdf', 4)
    expect(note).toMatchObject({ severity: 'info', evidence: { brokenWords: 2 } })
    expect(note?.message).not.toContain('missing')
  })
})

describe('unmapped_glyphs and U+FFFD', () => {
  const prose = 'The technology acceptance model explains how users come to accept a system. '
  const page = (lines: readonly string[]) =>
    unmappedGlyphs(checkInput(syntheticLayout(1, lines)))[0]

  it('asks for review for one U+FFFD that took a space or a letter from the text', () => {
    const heading = page(['Overview\uFFFDof\uFFFDthe\uFFFDTechnology', ...Array(20).fill(prose)])
    expect(heading).toMatchObject({ code: 'unmapped_glyphs', severity: 'warn' })
    expect(heading?.message).toContain(
      'U+FFFD in 1 word (overview\uFFFDof\uFFFDthe\uFFFDtechnology)'
    )
    expect(page(['Davis, 19\uFFFD9', ...Array(20).fill(prose)])?.severity).toBe('warn')
  })

  it('keeps a U+FFFD standing alone (a bullet of a symbol font) to a note', () => {
    const bullet = page(['\uFFFD Users accept a system they find useful', ...Array(20).fill(prose)])
    expect(bullet?.severity).toBe('info')
  })
})

describe('unmapped_glyphs: one U+FFFD in a word of body text', () => {
  it('asks for review for "\uFFFD-oxidation", one glyph in 330, and shows where it is', () => {
    const layout = layoutOfBytes(type3LostBetaPdf())
    const [flag] = unmappedGlyphs(checkInput(layout))
    const { unmapped, chars } = flag?.evidence as { unmapped: number; chars: number }
    expect(unmapped).toBe(1)
    expect(chars).toBeGreaterThan(300)
    expect(flag).toMatchObject({ code: 'unmapped_glyphs', severity: 'warn' })
    expect(flag?.message).toContain('U+FFFD in 1 word (\uFFFD-oxidation,)')
    expect(flag?.evidence).toMatchObject({ replacementWords: ['\uFFFD-oxidation,'] })
    const spots = spotsOf(flag?.evidence ?? {})
    expect(spots).toHaveLength(1)
    // The word's box: on the first line (drawn at y = 770 from the bottom, 72 pt from the left).
    const [x0, y0, x1, y1] = spots[0]?.bbox ?? [0, 0, 0, 0]
    expect(y0).toBeGreaterThan(842 - 770 - 12)
    expect(y1).toBeLessThan(842 - 770 + 5)
    expect(x0).toBeGreaterThan(300)
    expect(x1 - x0).toBeGreaterThan(40)
    expect(spots[0]?.note).toBe('U+FFFD in "\uFFFD-oxidation,"')
  })

  it('keeps a U+FFFD among marks only (a check box, a big delimiter) to a note', () => {
    const prose = 'The technology acceptance model explains how users come to accept a system. '
    // issue-1061 p7 sets a norm as a math extension's bar before "\u2225z".
    const marks = ['[\uFFFD] Yes (\uFFFD)', 'the norm \uFFFD\u2225z\u2225 is bounded']
    const [flag] = unmappedGlyphs(
      checkInput(syntheticLayout(1, [...marks, ...Array(20).fill(prose)]))
    )
    expect(flag?.severity).toBe('info')
  })
})
