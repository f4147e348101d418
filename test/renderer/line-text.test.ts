import { describe, expect, it } from 'vitest'
import { markedRuns, piecesIn, withLine } from '../../src-renderer/lib/line-text.js'

// A paragraph of the sample two-column article as the engine joins its lines, "com-" mended.
const LINES = ['Two columns are the classic', 'trap. An extractor that com', 'piles it all']
const TEXT = 'Two columns are the classic trap. An extractor that compiles it all'
const PIECES = [
  { start: 0, end: 27 },
  { start: 28, end: 55 },
  { start: 55, end: 67 }
]
const lines = (text: string, pieces = piecesIn(TEXT, text, PIECES)) =>
  pieces.map((piece) => text.slice(piece.start, piece.end))

describe('the lines of a corrected block', () => {
  it('are the engine’s pieces while the block is as extracted', () => {
    expect(lines(TEXT)).toEqual(LINES)
  })

  it('keep every other line exactly when one line is corrected', () => {
    const { text: now, pieces } = withLine(TEXT, PIECES, 1, 'trap! An extractor that con')
    expect(lines(now, pieces)).toEqual(lines(now))
    expect(now).toBe('Two columns are the classic trap! An extractor that conpiles it all')
    expect(lines(now)).toEqual([
      'Two columns are the classic',
      'trap! An extractor that con',
      'piles it all'
    ])
  })

  it('follow the line a word was typed into, and put one typed elsewhere before a space', () => {
    const appended = withLine(TEXT, PIECES, 0, 'Two columns are the classic old')
    const prepended = withLine(TEXT, PIECES, 1, 'old trap. An extractor that com')
    // Typed in the editor, each word stays on its line.
    expect(lines(appended.text, appended.pieces)).toEqual([
      'Two columns are the classic old',
      LINES[1],
      LINES[2]
    ])
    expect(lines(prepended.text, prepended.pieces)).toEqual([
      LINES[0],
      'old trap. An extractor that com',
      LINES[2]
    ])
    // Typed in the block editor, the same text cannot tell: the word goes to the line before.
    expect(prepended.text).toBe(appended.text)
    expect(lines(prepended.text)).toEqual(['Two columns are the classic old', LINES[1], LINES[2]])
  })

  it('mark each doubtful word where it stands, once', () => {
    expect(markedRuns('Tetters than look', [{ text: 'than', confidence: 41 }])).toEqual([
      { text: 'Tetters ', confidence: null },
      { text: 'than', confidence: 41 },
      { text: ' look', confidence: null }
    ])
    // A word of its own, not the same letters inside another word before it.
    expect(markedRuns('nothing, and o renning', [{ text: 'o', confidence: 30 }])).toEqual([
      { text: 'nothing, and ', confidence: null },
      { text: 'o', confidence: 30 },
      { text: ' renning', confidence: null }
    ])
    // A word corrected away is marked no more.
    expect(markedRuns('letters that look', [{ text: 'than', confidence: 41 }])).toEqual([
      { text: 'letters that look', confidence: null }
    ])
  })
})
