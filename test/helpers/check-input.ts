import type { CheckInput, DocumentStats } from '../../src-main/checks/check.js'
import { rawText } from '../../src-main/extract/raw-text.js'
import { readingOrder } from '../../src-main/layout/order.js'
import { pageText } from '../../src-main/layout/page-text.js'
import { blockRoles } from '../../src-main/layout/roles.js'
import type { BBox, Block, PageLayout } from '../../src-main/shared/layout.js'
import { syntheticLayout, textLine } from './store-pages.js'

const SINGLE_PAGE: DocumentStats = { pageCount: 1, medianChars: 0 }

/** What a check sees for a real page, as the pipeline builds it. */
export function checkInput(layout: PageLayout, doc: DocumentStats = SINGLE_PAGE): CheckInput {
  const order = readingOrder(layout)
  const roles = blockRoles(layout)
  return {
    layout,
    order,
    roles,
    text: pageText(layout, order, roles),
    rawText: rawText(layout),
    doc
  }
}

/** What a check sees of a page of `blocks` read in the order given (their ids), each body text. */
export function readInOrder(
  blocks: readonly Block[],
  order: readonly number[] = blocks.map((b) => b.id)
): CheckInput {
  const layout: PageLayout = { ...syntheticLayout(1, []), blocks }
  return { layout, order, roles: blocks.map(() => 'body'), text: '', rawText: '', doc: SINGLE_PAGE }
}

/** A block of `lines`, each its text, box and type size, its box around them all. */
export function blockOf(id: number, lines: ReadonlyArray<readonly [string, BBox, number]>): Block {
  const boxes = lines.map(([, box]) => box)
  return {
    id,
    bbox: [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3]))
    ],
    lines: lines.map(([text, box, size]) => textLine(text, box, size))
  }
}
