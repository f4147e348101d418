import { describe, expect, it } from 'vitest'
import { corpusPdf } from '../helpers/corpus.js'
import { analysisOfDrawn, textWidth } from '../helpers/drawn-pdf.js'
import { analysisOf } from '../helpers/pages.js'

const pageText = (name: string, page: number): string =>
  analysisOf(corpusPdf(name)).pages[page - 1]!.analysis.text

describe('entries of reference lists and notes', () => {
  it('starts each reference at its label and runs on its hanging lines (tracemonkey)', () => {
    const text = pageText('pdfjs__tracemonkey.pdf', 14)
    expect(text).toContain(
      '[1] LuaJIT roadmap 2008 - http://lua-users.org/lists/lua-l/2008- 02/msg00051.html.\n' +
        '[2] Mozilla — Firefox web browser and Thunderbird email client - http://www.mozilla.com.\n' +
        '[3] SPECJVM98 - http://www.spec.org/jvm98/.\n'
    )
    expect(text).toContain(
      '[8] M. Berndl, B. Vitale, M. Zaleski, and A. Brown. Context Threading: a Flexible and'
    )
    expect(text).toMatch(/pages 15–26, 2005\.\n\[9\] C\. Chambers and D\. Ungar\./u)
    expect(text).toContain('[14] B. McCloskey. Personal communication.\n[15] I. Piumarta')
    expect(text).toContain(
      '[10] A. Gal. Efficient Bytecode Verification and Compilation in a Virtual Machine Dissertation.'
    )
  })

  it('makes one paragraph of each reference whose lines MuPDF set apart (math_2503)', () => {
    const text = pageText('olmocr__math_2503_04086.pdf', 1)
    expect(text).toContain(
      '1. Reza Akhtar, Megan Boggess, Tiffany Jackson-Henderson, Isidora Jiménez, Rachel Karpman, ' +
        'Amanda Kinzel, and Dan Pritikin, On the unitary Cayley graph of a finite ring, Electron. J. ' +
        'Combin. 16 (2009), no. 1, Research Paper 117, 13 pages.\n\n2. Milan Bašić'
    )
  })

  it('makes one paragraph of a Korean footnote set a block a line (normal_4pages)', () => {
    const text = pageText('docling__normal_4pages.pdf', 1)
    expect(text).toContain(
      '1) 손해보험의 표준약관 규정에 따르면, 보험기간 중에 발생한 급격하고도 우연한 외래의 사고로 ' +
        '신체에 입은 상해라고 규정하고 있는데, 즉, “급격성, 우연성, 외래성”을 충족하는 사고를 상해로 ' +
        '정의함\n\n2) 생명보험은 표준약관 “재해분류표”에서 “우발적인 외래의 사고”를 재해라고 정의하며'
    )
  })

  it('leaves a paragraph with a first-line indent and a citation at a line start as one', () => {
    const lines = [
      'The trace compiler was first described by its authors as shown in',
      '[13] and later extended. Each loop is recorded once and compiled to',
      'native code, so that the interpreter runs only the cold parts.'
    ]
    const runs = lines.map((text, i) => ({ x: i === 0 ? 90 : 72, y: 700 - i * 12, text }))
    const text = analysisOfDrawn([{ runs }]).pages[0]!.analysis.text
    expect(text).toBe(lines.join(' '))
    // A list with hanging lines does start each entry on its own line.
    const label = textWidth('[1] ', 10)
    const entries = analysisOfDrawn([
      {
        runs: [
          { x: 72, y: 700, text: '[1] A. Gal. Efficient bytecode verification and' },
          { x: 72 + label, y: 688, text: 'compilation in a virtual machine. PhD thesis, 2006.' },
          { x: 72, y: 676, text: '[2] A. Gal and M. Franz. Incremental dynamic code' },
          { x: 72 + label, y: 664, text: 'generation with trace trees. Technical report, 2006.' }
        ]
      }
    ]).pages[0]!.analysis.text
    expect(entries).toBe(
      '[1] A. Gal. Efficient bytecode verification and compilation in a virtual machine. PhD ' +
        'thesis, 2006.\n[2] A. Gal and M. Franz. Incremental dynamic code generation with trace ' +
        'trees. Technical report, 2006.'
    )
  })
})
