import { describe, expect, it } from 'vitest'
import { isRtlText, rtlLineText } from '../../src-main/layout/rtl.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOf } from '../helpers/pages.js'

function textOf(name: string): string {
  return analysisOf(corpusPdf(name)).pages[0]?.analysis.text ?? ''
}

/** Glyphs of one advance each, placed at the given left edges, in the order listed. */
function drawn(...parts: Array<[string, number]>): Array<{ ch: string; x0: number; x1: number }> {
  return parts.flatMap(([text, x]) => [...text].map((ch, i) => ({ ch, x0: x + i, x1: x + i + 1 })))
}

describe('right-to-left lines', () => {
  it('reads a Persian abstract whose words are drawn left to right in reading order', () => {
    const text = textOf('olmocr__ff3d6e051903fe5ca9bc172ece14964c5632_pg1.pdf')
    // "Professor of Library and Information Science; Shiraz University", and the affiliation of
    // the second author, were read word by word backwards.
    expect(text).toContain('جعفر مهراد استاد علوم کتابداري و اطلاع رسانی؛ دانشگاه شیراز')
    expect(text).toContain('کارشناس ارشد علوم کتابداري و اطلاع رسانی؛ مرکز منطقه اي')
    expect(text).toContain('استفاده و کاربرد آن در محیط هاي دانشگاهی زیاد است')
    expect(text).toContain('براي اصلاح به مدت شش ماه و 13 روز نزد پدیدآورندگان بوده است )')
  })

  it('leaves an Arabic page drawn in reading order as it was, Latin names included', () => {
    const text = textOf('docling__right_to_left_01.pdf')
    expect(text).toContain('تعتبر البرمجة بلغة R و Python من')
  })

  it('reads a lam-alef ligature mapped alef first as lam then alef (docling right_to_left_01)', () => {
    // The file maps its lam-alef glyphs to the letters as they stand on the page: "خالل",
    // "اإلنتاجية" and "للمشكالت" as drawn.
    const text = textOf('docling__right_to_left_01.pdf')
    expect(text).toContain('من خلال البرمجة')
    expect(text).toContain('تحسين الإنتاجية')
    expect(text).toContain('للمشكلات')
    expect(text).not.toMatch(/خالل|اإلنتاجية|للمشكالت/u)
  })

  it('keeps the letters of a lam-alef glyph the file maps in reading order', () => {
    // One glyph named lam then alef: MuPDF gives the lam an empty box at the glyph's right edge.
    const line = [
      { ch: 'ل', x0: 10, x1: 10 },
      { ch: 'ا', x0: 6, x1: 10 },
      { ch: 'خ', x0: 10, x1: 14 }
    ]
    expect(rtlLineText([line[2]!, line[0]!, line[1]!], new Set())).toBe('خلا')
  })

  it('sets a question mark and a full stop against the word they end', () => {
    // "שלום עולם מה שלום כולם?" drawn right to left, the mark after a space of its own.
    const words = ['שלום', 'עולם', 'מה', 'שלום', 'כולם']
    const line: Array<{ ch: string; x0: number; x1: number }> = []
    let x = 100
    for (const word of words) {
      for (const ch of word) line.push({ ch, x0: (x -= 1), x1: x + 1 })
      line.push({ ch: ' ', x0: (x -= 1), x1: x + 1 })
    }
    line.push({ ch: '?', x0: (x -= 1), x1: x + 1 })
    expect(rtlLineText(line, new Set())).toBe('שלום עולם מה שלום כולם?')
    const arabic = [...'هل أنت بخير'].map((ch, i) => ({ ch, x0: 50 - i, x1: 51 - i }))
    arabic.push({ ch: ' ', x0: 39, x1: 40 }, { ch: '؟', x0: 38, x1: 39 })
    expect(rtlLineText(arabic, new Set())).toBe('هل أنت بخير؟')
  })

  it('reads words from the right, Latin runs and numbers from the left, brackets mirrored', () => {
    // A producer drawing left to right: "1387 SCOPUS (ب) ا" as the eye sees it, the brackets
    // as their shapes show.
    const line = drawn(['1387', 0], [' ', 4], ['SCOPUS', 5], [' ', 11], ['(ب)', 12], [' ', 15])
    line.push({ ch: 'ا', x0: 16, x1: 17 })
    expect(rtlLineText(line, new Set())).toBe('ا (ب) 1387 SCOPUS')
    expect(isRtlText('تعتبر البرمجة بلغة R')).toBe(true)
    expect(isRtlText('R و Python')).toBe(false)
  })
})
