import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { drawnForm, inForm, normalizeText } from '../../src-main/layout/normalize.js'
import { recto } from '../helpers/cli.js'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, drawnPdf, type Run } from '../helpers/drawn-pdf.js'
import { analysisOf } from '../helpers/pages.js'

describe('normalizeText', () => {
  it('splits ligatures, plains non-breaking spaces, drops soft hyphens and tidies spaces', () => {
    expect(normalizeText('  di\uFB00erent\u00A0\uFB01les\t\tcon\u00ADtrol \n next  line ')).toBe(
      'different files control\nnext line'
    )
  })

  it('leaves what a page means as drawn: full-width forms, superscripts, fractions, signs', () => {
    const drawn = 'Ａ１（注）「引用」 E = mc² ½ cup H₂O ™ wait… ①'
    expect(normalizeText(drawn)).toBe(drawn)
    expect(drawnForm(drawn)).toBe(drawn)
  })

  it('reads Arabic presentation forms as their letters, the lam-alef ligature lam first', () => {
    // "سلام" drawn in contextual shapes: seen initial, lam-alef final, meem isolated.
    expect(normalizeText('\uFEB3\uFEFC\uFEE1')).toBe('سلام')
  })

  it('gives NFKC only when asked, on top of the drawn form', () => {
    const drawn = 'E = mc² （注） ½ ™ … \uFB01'
    expect(inForm(drawn, 'drawn')).toBe('E = mc² （注） ½ ™ … fi')
    expect(inForm(drawn, 'nfkc')).toBe(drawn.normalize('NFKC'))
    expect(inForm(drawn, 'nfkc')).toBe('E = mc2 (注) 1⁄2 TM ... fi')
  })
})

describe('normalizeText quotes', () => {
  it('makes one double quote of two single ones, as TeX draws them', () => {
    expect(normalizeText('the term \u2018\u2018corporate\u2019\u2019 is')).toBe(
      'the term \u201ccorporate\u201d is'
    )
    expect(normalizeText('it\u2019s the \u2018one\u2019')).toBe('it\u2019s the \u2018one\u2019')
  })
})

describe('normalizeText signs', () => {
  it('reads TeX’s circled c as the copyright sign, on a real page too', () => {
    expect(normalizeText('Copyright c\u20dd 2009 ACM; R\u20dd is')).toBe(
      'Copyright © 2009 ACM; ® is'
    )
    const page = analysisOf(corpusPdf('pdfjs__tracemonkey.pdf')).pages[0]!.analysis.text
    expect(page).toMatch(/Copyright © 2009/)
  })
})

/** Full-width punctuation, a superscript, a fraction and signs, set in MuPDF's Korean font. */
const DRAWN: readonly Run[] = [
  { x: 72, y: 700, text: '（注）「引用」と『書名』。', font: 'korean', size: 12 },
  { x: 72, y: 670, text: 'E = mc² ½ ™ …', font: 'korean', size: 12 }
]

describe('a generated page', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recto-normalize-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps full-width punctuation, superscripts and fractions as drawn', () => {
    const text = analysisOfDrawn([{ runs: DRAWN }]).pages[0]!.analysis.text
    expect(text).toContain('（注）「引用」と『書名』。')
    expect(text).toContain('E = mc² ½ ™ …')
  })

  it('gives NFKC with recto text --normalize nfkc, and names the forms on a bad value', () => {
    const file = join(dir, 'forms.pdf')
    writeFileSync(file, drawnPdf([{ runs: DRAWN }]))
    const drawn = recto('text', file)
    expect(drawn.status).toBe(0)
    expect(drawn.stdout).toContain('E = mc² ½ ™ …')
    const nfkc = recto('text', file, '--normalize', 'nfkc')
    expect(nfkc.status).toBe(0)
    expect(nfkc.stdout).toBe(drawn.stdout.normalize('NFKC'))
    expect(nfkc.stdout).toContain('(注)「引用」と『書名』。')
    expect(nfkc.stdout).toContain('E = mc2 1⁄2 TM ...')
    const bad = recto('text', file, '--normalize', 'nfd')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toMatch(/^recto: unknown --normalize 'nfd' \(one of drawn, nfkc\)\n$/u)
  })
})
