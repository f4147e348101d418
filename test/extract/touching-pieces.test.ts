import { describe, expect, it } from 'vitest'
import { drawnText } from '../../src-main/shared/layout.js'
import { corpusPdf } from '../helpers/corpus.js'
import { documentPageText, layoutOf } from '../helpers/pages.js'

describe('fitTouchingPieces', () => {
  // cms-etc-filled p5: /ActualText without a position makes MuPDF set "n" of "physician" and
  // "shipboard service" apart from the words they complete.
  const path = corpusPdf('pymupdf__cms-etc-filled.pdf')

  it('puts a piece that meets a word of another block mid-word back into that block', () => {
    const blocks = layoutOf(path, 5).blocks.map(drawnText)
    expect(blocks.some((t) => t.trim() === 'shipboard service')).toBe(false)
    expect(documentPageText(path, 5)).toContain(
      '5. The physician is legally authorized to practice where he or she furnished the services\n\nFor shipboard services please include a copy'
    )
  })

  it('leaves pieces that meet without splitting a word where they are', () => {
    // The transcript's dashed rule touches its line number; neither is half a word.
    expect(documentPageText(corpusPdf('pdfplumber__scotus-transcript-p1.pdf'), 1)).toContain(
      '2 - - - - - - - - - - - - - - - - - x'
    )
  })
})
