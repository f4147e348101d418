import { isCjk } from '../shared/cjk.js'
import { drawnText, type Block } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import { isTabular, joinWrappedCells, rows, size, type Row } from './block-rows.js'
import { endsInHyphen, joinHyphenated, vocabularyOf, type Vocabulary } from './hyphenation.js'
import { isRtlText } from './rtl.js'
import { endsInLeader } from '../shared/leader.js'
import { drawsLineEndSpaces, isBrokenHangulWord } from './hangul-lines.js'
import { entryStarts } from './entries.js'

/** The block's words less the halves of words broken at line ends, which prove nothing. */
function withoutBrokenWords(block: Block): string {
  const lines = block.lines.map((l) =>
    l.spans
      .map((s) => s.text)
      .join('')
      .trim()
  )
  return lines
    .map((line, i) => {
      let words = line.split(/\s+/)
      if (/[-\u2010\u00ad]$/u.test(line)) words = words.slice(0, -1)
      if (i > 0 && /[-\u2010\u00ad]$/u.test(lines[i - 1] ?? '')) words = words.slice(1)
      return words.join(' ')
    })
    .join(' ')
}

/** A bullet set alone before an item's text (a symbol font's bullet can map to "!" or "§"). */
const BULLET = /^[•·▪◦●○■□►▸‣⁃∙*!§-]$/u

/**
 * Rows that open a list item: a bullet that hangs left of the text, whose words start where the
 * block's other rows start ("!" at 144 pt, "Title I, the …" and its wrapped lines at 180 pt,
 * dmca). Each item then starts a line of its own instead of running on in one paragraph. A dash
 * that opens a wrapped line of prose stands at the text's own left edge, not in the margin.
 */
function listItems(rs: readonly Row[], em: number): Set<Row> {
  const marked = new Set(
    rs.filter((r) => {
      const [bullet, first] = r.cells
      return bullet && first && BULLET.test(bullet.text.trim()) && first.x0 - bullet.x1 > em * 0.5
    })
  )
  if (marked.size < 2) return new Set()
  const textLeft = Math.min(
    ...rs.map((r) => (marked.has(r) ? r.cells[1]!.x0 : (r.cells[0]?.x0 ?? Infinity)))
  )
  return new Set(
    [...marked].filter((r) => r.cells[0]!.x1 <= textLeft && r.cells[1]!.x0 - textLeft <= em * 0.5)
  )
}

export type BlockText = Readonly<{
  text: string
  hyphensJoined: number
  hyphensKept: number
  /** Rows of cells: kept one row per line. */
  tabular: boolean
}>

/**
 * A block's text as one paragraph: rows joined by a space, or by nothing between CJK characters;
 * a row ending in a hyphen joined to the next as hyphenation.ts decides; soft hyphens removed.
 * Blocks whose rows are table rows keep one row per line. Computed once per block: the page
 * text, the table and the hyphenation checks all read it.
 */
export const blockTextDetail = memoize(mendBlock)

function mendBlock(block: Block): BlockText {
  const plain = drawnText(block)
  const rtl = isRtlText(plain)
  // The block's own words are evidence for its hyphenation, beside the word list: a block is
  // the unit a reviewer edits, so its text must not depend on other blocks. They are gathered at
  // the first row that ends in a hyphen: most blocks have none.
  let vocabulary: Vocabulary | null = null
  const em = size(block)
  const lineRows = rows(block, em, rtl)
  const tabular = isTabular(lineRows, em)
  const rs = tabular ? joinWrappedCells(lineRows, em, rtl) : lineRows
  const items = listItems(rs, em)
  const entries = entryStarts(rs, em)
  let text = ''
  let hyphensJoined = 0
  let hyphensKept = 0
  const spacesDrawn = drawsLineEndSpaces(rs)
  let previous: Row | null = null
  for (const row of rs) {
    const before = previous
    previous = row
    const line = (row.pieces[0] ?? '').replace(/\u00ad(?!\s*$)/gu, '')
    if (line === '') continue
    if (text === '') {
      text = line
      continue
    }
    // An entry of a table of contents ends at its leader and page number (`endsInLeader`): the
    // next entry starts on a line of its own, as on the page; an entry that wraps still joins.
    if (tabular || items.has(row) || entries.has(row) || endsInLeader(text)) {
      text += '\n' + line
      continue
    }
    if (text.endsWith('\u00ad')) {
      // A soft hyphen marks where the producer broke a word: always joined, never shown.
      text = text.slice(0, -1) + line
      hyphensJoined++
      continue
    }
    const hyphen = endsInHyphen(text)
      ? joinHyphenated(text, line, (vocabulary ??= vocabularyOf(withoutBrokenWords(block))))
      : null
    if (hyphen) {
      text = hyphen.text
      if (hyphen.joined) hyphensJoined++
      else hyphensKept++
    } else if (isCjk(text.slice(-1)) && isCjk(line[0] ?? '')) text += line
    else if (spacesDrawn && before && isBrokenHangulWord(before, text, line)) text += line
    else text += ' ' + line
  }
  return { text, hyphensJoined, hyphensKept, tabular }
}
