import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ExtractError } from '../../src-main/extract/errors.js'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { analyzeDocument } from '../../src-main/analysis/analyze-document.js'
import { streamDocument } from '../../src-main/analysis/stream-document.js'
import { corpusPdf, fixture } from '../helpers/corpus.js'

/** The file's analysis made whole and made as a stream, each on a document of its own. */
function bothWays(path: string, pages?: readonly number[]) {
  const bytes = readFileSync(path)
  const whole = openPdf(bytes)
  const streamed = openPdf(bytes)
  try {
    const stream = streamDocument(streamed, pages)
    return { whole: analyzeDocument(whole, pages), stream, streamed: [...stream.pages] }
  } finally {
    closePdf(whole)
    closePdf(streamed)
  }
}

describe('streamDocument', () => {
  it('gives the pages of a tagged report with running heads as analyzeDocument does', () => {
    const { whole, stream, streamed } = bothWays(corpusPdf('pymupdf__test_3842.pdf'))
    expect(stream.stats.running?.length).toBeGreaterThan(0)
    expect(stream.stats).toEqual(whole.stats)
    expect(stream.digests).toEqual(whole.digests)
    expect(streamed).toEqual(whole.pages)
    expect(streamed.some((page) => page.layout.structureOrder !== null)).toBe(true)
  })

  it('gives only the chosen pages, as they read in the whole document', () => {
    const { whole, streamed } = bothWays(corpusPdf('pdfminer__dmca.pdf'), [2, 5])
    expect(streamed.map((page) => page.layout.page)).toEqual([2, 5])
    expect(streamed).toEqual(whole.pages)
  })

  it('reports a damaged page as the whole document analysis does', () => {
    const { whole, streamed } = bothWays(fixture('pdfs/undecodable-page.pdf'))
    expect(streamed.map((page) => page.layout.damage)).toEqual(
      whole.pages.map((page) => page.layout.damage)
    )
    expect(streamed[1]?.layout.damage).toMatch(/zlib/)
  })

  it('fails a file no page of which can be read before it gives any page', () => {
    const file = openPdf(readFileSync(fixture('bad/all-pages-damaged.pdf')))
    try {
      expect(() => streamDocument(file)).toThrow(ExtractError)
    } finally {
      closePdf(file)
    }
  })
})
