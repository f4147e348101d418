import { describe, expect, it } from 'vitest'
import { arabicForms } from '../../src-main/checks/arabic-forms.js'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfBytes, layoutOfBytes, madePdf } from '../helpers/made-pdf.js'
import { layoutOf } from '../helpers/pages.js'

/** "السلام عليكم" as presentation forms, in logical order: ﺍﻟﺴﻼﻡ ﻋﻠﻴﻜﻢ. */
const WORDS = [
  ['\ufe8d', '\ufedf', '\ufeb4', '\ufefc', '\ufee1'],
  ['\ufecb', '\ufee0', '\ufef4', '\ufedc', '\ufee2']
]

/**
 * Six rows of the greeting four times, drawn left to right in visual order (the last letter
 * first) with Helvetica codes whose /ToUnicode maps each to its presentation form; the final
 * lam-alef ligature ﻼ maps to `lamAlef` (U+E000, private use, for a broken ligature).
 */
function greetingPage(lamAlef = '\ufefc'): Uint8Array {
  const forms = [...new Set(WORDS.flat())]
  const code = (form: string): string => String.fromCharCode(65 + forms.indexOf(form))
  return madePdf((doc) => {
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin')
    const hex = (s: string): string => (s.codePointAt(0) ?? 0).toString(16).padStart(4, '0')
    const pairs = forms.map(
      (f, i) => `<${(65 + i).toString(16)}> <${hex(f === '\ufefc' ? lamAlef : f)}>`
    )
    const cmap = [
      '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
      '/CMapName /Recto-Arabic def /CMapType 2 def',
      '1 begincodespacerange <00> <FF> endcodespacerange',
      `${pairs.length + 1} beginbfchar <20> <0020> ${pairs.join(' ')} endbfchar`,
      'endcmap CMapName currentdict /CMap defineresource pop end end'
    ].join('\n')
    font.put('ToUnicode', doc.addStream(cmap, {}))
    const visual = [...WORDS]
      .reverse()
      .map((w) => [...w].reverse().map(code).join(''))
      .join(' ')
    const row = Array.from({ length: 4 }, () => visual).join(' ')
    const content = Array.from(
      { length: 6 },
      (_, i) => `BT /F1 14 Tf 72 ${780 - i * 20} Td (${row}) Tj ET`
    ).join('\n')
    return [{ content, resources: { Font: { F1: font } } }]
  })
}

describe('arabic_forms', () => {
  it('mends presentation forms into letters read right to left, and says so', () => {
    const page = analysisOfBytes(greetingPage()).pages[0]?.analysis
    expect(page?.text.split('\n')[0]?.startsWith('السلام عليكم السلام عليكم')).toBe(true)
    expect(page?.decision).toBe('ok')
    const flag = page?.flags.find((f) => f.code === 'arabic_forms')
    expect(flag).toMatchObject({ severity: 'info', evidence: { forms: 240, brokenWords: 0 } })
    expect(flag?.message).toBe(
      '240 Arabic presentation forms read as their letters, right to left (ﺍ→ا, ﻟ→ل, ﺴ→س)'
    )
  })

  it('asks for review when a ligature glyph has no character, however few words it breaks', () => {
    const [flag] = arabicForms(checkInput(layoutOfBytes(greetingPage('\ue000'))))
    expect(flag?.severity).toBe('warn')
    expect(flag?.message).toContain(
      '24 Arabic words have a glyph with no character (a broken ligature): letters are missing'
    )
  })

  it('leaves Arabic set in its letters, and Latin pages, alone', () => {
    expect(arabicForms(checkInput(layoutOf(corpusPdf('docling__right_to_left_01.pdf'))))).toEqual(
      []
    )
    expect(arabicForms(checkInput(layoutOf(corpusPdf('pdfminer__dmca.pdf'))))).toEqual([])
  })
})
