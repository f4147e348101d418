import { describe, expect, it } from 'vitest'
import { digestsAsRead } from '../../src-main/ocr/stats-after-ocr.js'
import { documentStats } from '../../src-main/analysis/document-stats.js'
import { pageDigest } from '../../src-main/analysis/page-digest.js'
import { corpusPdf } from '../helpers/corpus.js'
import { layoutOf } from '../helpers/pages.js'

describe('digestsAsRead', () => {
  it('counts a page read word for word as another once for running text', () => {
    // Three pages that read alike: every block at their edges repeats, none is running text.
    const page = layoutOf(corpusPdf('pdfminer__dmca.pdf'), 2)
    const empty = (n: number) => ({ page: n, chars: 0 })
    const digests = digestsAsRead([empty(1), empty(2), empty(3)], () => page)
    expect(digests[0]).toEqual(pageDigest(page))
    expect(digests[1]!.edges).toEqual([])
    expect(documentStats(digests).running).toEqual([])
    // The same pages counted as distinct would make their edges running text.
    expect(documentStats([1, 2, 3].map(() => pageDigest(page))).running!.length).toBeGreaterThan(0)
  })

  it('keeps the digests of the pages OCR did not read', () => {
    const digest = { page: 1, chars: 12 }
    expect(digestsAsRead([digest], () => undefined)).toEqual([digest])
  })
})
