import { describe, expect, it } from 'vitest'
import { closePdf, openPdf } from '../../src-main/extract/open.js'
import { extractPage } from '../../src-main/extract/page.js'
import { threadTrapPdf } from '../helpers/hostile-pdfs.js'

describe('article threads', () => {
  it('are followed once per bead, however their links loop', () => {
    const file = openPdf(threadTrapPdf(20_000))
    try {
      // 20 000 threads of up to 10 000 links each ran for minutes, past the test's timeout.
      const layout = extractPage(file, 0)
      expect(layout.damage).toBeNull()
      expect(
        layout.blocks.map((b) => b.lines.map((l) => l.spans.map((s) => s.text).join('')))
      ).toEqual([['First line of the article'], ['Second line of the article']])
    } finally {
      closePdf(file)
    }
  })
})
