import { describe, expect, it } from 'vitest'
import { silentDamage } from '../../src-main/extract/damaged-page.js'
import { isOutOfMemory } from '../../src-main/extract/errors.js'
import { fixture } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('a damaged page', () => {
  const pdf = fixture('pdfs/damaged-page.pdf')

  it('is an empty layout of the page size that says why MuPDF could not read it', () => {
    const layout = layoutOf(pdf, 2)
    expect(layout).toMatchObject({
      page: 2,
      width: 595,
      height: 842,
      rotation: 0,
      blocks: [],
      images: [],
      fonts: [],
      damage: 'object is not a stream'
    })
  })

  it('leaves the pages around it read as ever', () => {
    for (const page of [1, 3]) {
      const layout = layoutOf(pdf, page)
      expect(layout.damage).toBeNull()
      expect(layout.blocks).toHaveLength(1)
    }
  })

  it('is told from running out of memory, which still fails the document', () => {
    expect(isOutOfMemory(new Error('calloc (4100 x 1 bytes) failed'))).toBe(true)
    expect(isOutOfMemory(new Error('malloc (96 bytes) failed'))).toBe(true)
    expect(isOutOfMemory(new RangeError('Maximum call stack size exceeded'))).toBe(true)
    expect(isOutOfMemory(new Error('object is not a stream'))).toBe(false)
  })

  it('is also a page MuPDF read as nothing while reporting errors, but not a blank page', () => {
    const undecodable = fixture('pdfs/undecodable-page.pdf')
    expect(layoutOf(undecodable, 1).damage).toBeNull()
    expect(layoutOf(undecodable, 2)).toMatchObject({
      blocks: [],
      width: 595,
      damage: 'library error: zlib error: incorrect header check'
    })
    expect(layoutOf(undecodable, 3)).toMatchObject({ blocks: [], images: [], damage: null })
  })

  it("takes MuPDF's first message that says something as the reason", () => {
    const nothing = { blocks: [], images: [] }
    const messages = ['... repeated 2 times...', 'unknown filter name (FlateDecoke)']
    expect(silentDamage(nothing, messages)).toBe('unknown filter name (FlateDecoke)')
    expect(silentDamage(nothing, [])).toBeNull()
    const image = { bbox: [0, 0, 10, 10] as const, width: 10, height: 10 }
    expect(silentDamage({ blocks: [], images: [image] }, messages)).toBeNull()
  })
})
