import {
  EXCLUDED_ROLES,
  isHorizontal,
  type Block,
  type BlockRole,
  type PageLayout
} from '../shared/layout.js'
import { blockTextDetail } from './block-text.js'
import { endsInHyphen, joinHyphenated, vocabularyOf } from './hyphenation.js'
import { normalizeText } from './normalize.js'
import { continuesEntry, endsInDrawnSpace, entryOf, type Entry } from './entries.js'
import { drawsHangulLineEndSpaces, HANGUL } from './hangul-lines.js'
import { isCjk } from '../shared/cjk.js'
import { memoize } from '../shared/memo.js'
import { pageTables, tableText, type Table } from './table-cells.js'
import {
  coveredBlocks,
  elementsOf,
  elementText,
  type EditedText,
  type ElementBlock
} from './elements.js'

/**
 * A block's text: one paragraph, words and hyphenation mended (block-text.ts), normalised.
 * Remembered per block: the headings and the page text both read it.
 */
export const blockText = memoize((block: Block): string =>
  normalizeText(blockTextDetail(block).text)
)

function largest(block: Block): number {
  return Math.max(0, ...block.lines.flatMap((l) => l.spans.map((s) => s.size)))
}

/**
 * A drop cap: one letter at least twice the size of the paragraph it starts, standing at its
 * top left. Its letter begins the paragraph's first word ("O" + "ver the past" = "Over").
 */
function isDropCap(cap: Block, text: string, next: Block | undefined): boolean {
  if (!next || !/^\p{Lu}$/u.test(text)) return false
  const first = next.lines[0]
  if (!first) return false
  const size = first.spans[0]?.size ?? 0
  return (
    largest(cap) >= size * 2 &&
    cap.bbox[2] <= first.bbox[0] + size &&
    Math.abs(cap.bbox[1] - first.bbox[1]) <= size * 1.5
  )
}

/** A label has at most this many characters: a line number "12", a form's "76a", a list's "(iv)". */
const LABEL_CHARS = 4

/**
 * A short label MuPDF set apart from the line it stands on: a transcript's line number, a form's
 * line number, a section's "1." before its title. When the next block read starts on the same
 * row, the label opens that line ("1 IN THE SUPREME COURT", "76 Dividends paid by:") instead of
 * standing as a paragraph of its own.
 */
function isRowLabel(label: Block, text: string, next: Block | undefined): boolean {
  const line = label.lines[0]
  const first = next?.lines[0]
  if (!line || !first || label.lines.length !== 1 || !isHorizontal(line) || !isHorizontal(first)) {
    return false
  }
  // Letters or figures: a bracket or comma set apart belongs to the text, not before it.
  if (text.replace(/\s/g, '').length > LABEL_CHARS || !/[\p{L}\p{N}]/u.test(text)) return false
  const middle = (label.bbox[1] + label.bbox[3]) / 2
  return middle >= first.bbox[1] && middle <= first.bbox[3]
}

/**
 * A block ending in a word broken at a hyphen, read just before a block that starts in lower
 * case, is one paragraph MuPDF cut in two (a line with a formula's subscripts, "jede Karten-" /
 * "wechselabbildung φij, …", became a block of its own): the word is mended as within a block
 * (hyphenation.ts) and the paragraph runs on. The halves themselves are no evidence of words.
 */
function mendBrokenWord(before: string, after: string): string | null {
  // The hyphen is tested first: the regex after it runs over all of the text before.
  if (!endsInHyphen(before) || !/\p{L}{2}[-\u2010]$/u.test(before) || !/^\p{Ll}/u.test(after)) {
    return null
  }
  const others = before.replace(/\S+$/u, '') + ' ' + after.replace(/^\S+/u, '')
  return joinHyphenated(before, after, vocabularyOf(others))?.text ?? null
}

/**
 * An entry's text run on into the block that continues it, as lines run on within a block: a
 * word broken at a hyphen mended, a Korean word broken at a syllable (the page draws spaces at
 * its line ends, and this one has none) joined without a space.
 */
function runOn(text: string, next: string, block: Block, spaces: boolean): string {
  const hyphen = endsInHyphen(text) ? mendBrokenWord(text, next) : null
  if (hyphen !== null) return hyphen
  if (isCjk(text.slice(-1)) && isCjk(next[0] ?? '')) return text + next
  if (
    spaces &&
    !endsInDrawnSpace(block) &&
    HANGUL.test(text.slice(-1)) &&
    HANGUL.test(next[0] ?? '')
  ) {
    return text + next
  }
  return text + ' ' + next
}

/**
 * Joins blocks, already in reading order and with excluded ones removed, into page text: empty
 * blocks dropped, a drop cap joined to the paragraph it starts, a row label to the line it
 * stands on, a word broken across two blocks mended, a block that continues a reference or a
 * note (entries.ts) run on into it, blocks separated by a blank line. The
 * engine's text and a reviewer's revision (with its corrected blocks) both go through here.
 */
export function joinBlocks(blocks: readonly Block[], textOf: (block: Block) => string): string {
  const parts: string[] = []
  let lead = ''
  let entry: Entry | null = null
  let before: Block | null = null
  let spaces: boolean | null = null
  blocks.forEach((block, i) => {
    const text = textOf(block)
    if (!text) return
    const previous = before
    before = block
    if (entry && previous && !lead && continuesEntry(entry, previous, block, text)) {
      spaces ??= blocks.some(drawsHangulLineEndSpaces)
      parts[parts.length - 1] = runOn(parts[parts.length - 1]!, text, previous, spaces)
      return
    }
    entry = entryOf(block, text)
    const next = blocks[i + 1]
    if (isDropCap(block, text, next)) {
      lead += text
      return
    }
    if (isRowLabel(block, text, next)) {
      lead += text + ' '
      return
    }
    const mended =
      lead || parts.length === 0 ? null : mendBrokenWord(parts[parts.length - 1]!, text)
    if (mended !== null) parts[parts.length - 1] = mended
    else parts.push(lead + text)
    lead = ''
  })
  if (lead) parts.push(lead.trimEnd())
  return parts.join('\n\n')
}

/**
 * The page's cleaned text: blocks in `order`, those whose role is excluded (headers, footers,
 * noise) left out, each table region (table-cells.ts) read a row a line, its cells parted by
 * tabs, where its first block falls in the order, and lists, listings and formulas a line each
 * (elements.ts).
 */
export function pageText(
  layout: PageLayout,
  order: readonly number[],
  roles: readonly BlockRole[]
): string {
  const read = (id: number): boolean => !EXCLUDED_ROLES.has(roles[id] ?? 'body')
  const kept = order
    .map((id) => layout.blocks[id])
    .filter((b): b is Block => b !== undefined && read(b.id))
    .map((block) => ({ block, role: roles[block.id] ?? 'body' }))
  return joinWithTables(kept, pageTables(layout, read), blockText)
}

/**
 * Blocks joined as `joinBlocks` joins them, but each of `tables` written a row a line where its
 * first block falls, and each list, listing and formula (elements.ts) its lines where its first
 * block falls, apart from the paragraphs around it: the engine's text and a reviewer's composed
 * text read them alike. `edited` gives a reviewer's text of a block, which an element reads line
 * by line; `textOf` gives every other block's text.
 */
export function joinWithTables(
  kept: readonly ElementBlock[],
  tables: readonly Table[],
  textOf: (block: Block) => string,
  edited: EditedText = () => undefined
): string {
  const tableOf = new Map<number, Table>()
  for (const table of tables) for (const id of table.blocks) tableOf.set(id, table)
  const elements = elementsOf(kept, edited, (id) => tableOf.has(id))
  if (tables.length === 0 && elements.size === 0) {
    return joinBlocks(
      kept.map((b) => b.block),
      textOf
    )
  }
  const covered = coveredBlocks(elements)
  const parts: string[] = []
  const written = new Set<Table>()
  let run: Block[] = []
  const flush = (): void => {
    if (run.length > 0) parts.push(joinBlocks(run, textOf))
    run = []
  }
  for (const { block } of kept) {
    if (covered.has(block.id)) continue
    const element = elements.get(block.id)
    const table = tableOf.get(block.id)
    if (element) {
      flush()
      parts.push(elementText(element))
      continue
    }
    if (!table) {
      run.push(block)
      continue
    }
    flush()
    if (!written.has(table)) parts.push(tableText(table))
    written.add(table)
  }
  flush()
  return parts.filter((part) => part !== '').join('\n\n')
}
