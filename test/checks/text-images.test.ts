import { describe, expect, it } from 'vitest'
import { textImages } from '../../src-main/checks/text-images.js'
import { checkInput } from '../helpers/check-input.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

const flagsOf = (name: string, page: number) =>
  textImages(checkInput(layoutOf(corpusPdf(name), page)))

describe('text_images', () => {
  it('flags table of contents entries pasted in as pictures', () => {
    const [flag] = flagsOf('pymupdf__test_3842.pdf', 7)
    expect(flag).toMatchObject({ code: 'text_images', severity: 'warn', evidence: { images: 10 } })
    expect(flag?.message).toMatch(/^10 lines of text drawn as pictures/)
    expect(flagsOf('pymupdf__test_3842.pdf', 8)[0]?.evidence).toMatchObject({ images: 3 })
  })

  it('leaves alone a shaded bar with its heading drawn over it, and pages of text', () => {
    expect(flagsOf('docling__normal_4pages.pdf', 4)).toEqual([])
    expect(flagsOf('pymupdf__test_3842.pdf', 9)).toEqual([])
    expect(flagsOf('pdfminer__dmca.pdf', 1)).toEqual([])
  })
})
