import { drawnLine, type Block } from '../shared/layout.js'
import type { Row } from './block-rows.js'

/** Hangul syllables and jamo: Korean, which breaks lines between syllables. */
export const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u

/** The row's last piece along the line ends in a space the file drew. */
function endsInDrawnSpace(row: Row): boolean {
  return /\s$/u.test(row.cells.at(-1)?.text ?? '')
}

/**
 * A block whose rows ending between words end in a space the file drew: Korean set so (the
 * word processor keeps the space at the end of the line) tells where a line broke a word, which
 * the glyphs alone do not, since Korean breaks lines between syllables too.
 */
export function drawsLineEndSpaces(rows: readonly Row[]): boolean {
  return rows.slice(0, -1).some((row) => endsInDrawnSpace(row) && HANGUL.test(row.pieces[0] ?? ''))
}

/**
 * A Hangul word broken at the end of `row` (drawn with no space after its last syllable) and
 * ending in `line`, in a block that draws its spaces at line ends: "돌" + "입하였다고" is
 * "돌입하였다고", not "돌 입하였다고".
 */
export function isBrokenHangulWord(row: Row, text: string, line: string): boolean {
  return HANGUL.test(text.slice(-1)) && HANGUL.test(line[0] ?? '') && !endsInDrawnSpace(row)
}

/** A block with a line that ends in a Hangul syllable and a space drawn after it. */
export function drawsHangulLineEndSpaces(block: Block): boolean {
  return block.lines.some((line) => HANGUL_THEN_SPACE.test(drawnLine(line)))
}

const HANGUL_THEN_SPACE = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]\s+$/u
