import { drawnText, type Block } from '../shared/layout.js'
import { countWithin } from '../shared/sorted.js'
import { mergeConsecutive } from './merge-blocks.js'
import { glyphStack, opensWithLabel, stacksEm } from './vertical-columns.js'

/**
 * The columns of one paragraph of vertical CJK, merged into one block as `mergeParagraphs` merges
 * a horizontal paragraph's lines: otherwise every column is a paragraph of its own, the text has
 * a break where the writing has none, and a reviewer has a block per column to order.
 *
 * A column continues the paragraph before it when both are stacks of CJK glyphs of about the same
 * size, it stands just left of the paragraph's last column (the next column, not one across a
 * gutter), starts level with the paragraph's top (within an em: a list item's hanging second
 * column starts an em lower), and the column before it is full: it ends where at least
 * FULL_COLUMNS columns of the page end, and not on a full stop, which ends a paragraph as often
 * as not when it falls at the foot of a column. A column that opens with a label ("二 普通自転車
 * …") starts an item of its own.
 */
export function mergeVerticalParagraphs(blocks: readonly Block[]): Block[] {
  const bottoms = blocks
    .filter((b) => glyphStack(b))
    .map((b) => b.bbox[3])
    .sort((a, b) => a - b)
  return mergeConsecutive(blocks, (paragraph, last, column) =>
    continuesParagraph(paragraph, last, column, bottoms)
  )
}

/** Columns of the page that must end within an em of a column for its end to be the tier's foot. */
const FULL_COLUMNS = 3

/** The next column stands at most this many ems left of the last one (1 to 1.3 in the gazette). */
const COLUMN_GAP = 1.5

function continuesParagraph(
  paragraph: Block,
  last: Block,
  column: Block,
  bottoms: readonly number[]
): boolean {
  const em = stacksEm(last, column)
  if (em === undefined) return false
  const gap = last.bbox[0] - column.bbox[2]
  const end = last.bbox[3]
  return (
    gap >= -em / 4 &&
    gap <= em * COLUMN_GAP &&
    Math.abs(column.bbox[1] - paragraph.bbox[1]) <= em * 1.25 &&
    countWithin(bottoms, end - em, end + em) >= FULL_COLUMNS &&
    !/[。．]$/u.test(drawnText(last).trim()) &&
    !opensWithLabel(column, em)
  )
}
