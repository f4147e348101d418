import { drawnText, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import { geometricOrder } from './page-order.js'

type TreeVerdict = Readonly<{
  /** The order with the tree's blocks in the tree's order, or null when the page has no tree. */
  order: number[] | null
  /** The page has a tree and its order keeps as many sentences whole as the geometric order. */
  trusted: boolean
  /** Sentences running on from one block into the next in the tree's order and in the geometric. */
  runOns: Readonly<{ tree: number; geometric: number }>
}>

/**
 * The page's reading order as block ids. A tagged document's structure tree is the author's
 * order and wins among the blocks it reaches; blocks outside it (artifacts such as running heads
 * or a transcript's line numbers) keep their geometric place. So the tagged blocks take the
 * slots tagged blocks hold in the geometric order, in the tree's order. Unless the tree breaks
 * sentences that the geometric order keeps whole (`treeVerdict`).
 */
export function readingOrder(layout: PageLayout): number[] {
  const { order, trusted } = treeVerdict(layout)
  return order && trusted ? order : geometricOrder(layout)
}

/**
 * Whether the tags gave the page's order, and how many sentences each order keeps whole. A tree
 * can be wrong: NIST SP 800-223 tags its reference list as a table whose rows hold other
 * entries' lines, so "[21] … Available" was read apart from "at https://cran…". A sentence that
 * runs on from one block (a word in lower case, a comma, a hyphen) into the next (lower case)
 * is kept whole by an order that reads the two in turn; the tree is set aside when the
 * geometric order keeps more of them whole.
 */
export const treeVerdict = memoize(judgeTree)

function judgeTree(layout: PageLayout): TreeVerdict {
  const geometric = geometricOrder(layout)
  const tree = layout.structureOrder
  if (!tree || tree.length === 0) {
    return { order: null, trusted: false, runOns: { tree: 0, geometric: 0 } }
  }
  const tagged = [...new Set(tree.filter((id) => id >= 0 && id < layout.blocks.length))]
  const inTree = new Set(tagged)
  let next = 0
  const order = geometric.map((id) => (inTree.has(id) ? (tagged[next++] ?? id) : id))
  const blockTexts = layout.blocks.map((b) => drawnText(b).trim())
  const kept = { tree: runOns(blockTexts, order), geometric: runOns(blockTexts, geometric) }
  return { order, trusted: kept.tree >= kept.geometric, runOns: kept }
}

/** Sentences running on from one block into the next, over the blocks' texts (by id) in `order`. */
function runOns(blockTexts: readonly string[], order: readonly number[]): number {
  const texts = order.map((id) => blockTexts[id] ?? '').filter((t) => t !== '')
  let count = 0
  for (let i = 1; i < texts.length; i++) {
    if (/[\p{Ll},;-]$/u.test(texts[i - 1]!) && /^\p{Ll}/u.test(texts[i]!)) count++
  }
  return count
}
