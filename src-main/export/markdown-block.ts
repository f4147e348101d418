import type { Block, Span } from '../shared/layout.js'

/** Size and weight of a block, weighted by characters: what its heading level is judged from. */
export type BlockStyle = Readonly<{ size: number; boldShare: number; chars: number }>

export function blockStyle(block: Block): BlockStyle {
  let chars = 0
  let sized = 0
  let bold = 0
  for (const line of block.lines) {
    for (const span of line.spans) {
      const n = [...span.text.replace(/\s+/gu, '')].length
      chars += n
      sized += n * span.size
      if (span.bold) bold += n
    }
  }
  return { size: chars === 0 ? 0 : sized / chars, boldShare: chars === 0 ? 0 : bold / chars, chars }
}

/** Rounded to half points so a histogram of body sizes has few, meaningful bins. */
export function sizeBin(size: number): number {
  return Math.round(size * 2) / 2
}

/**
 * Heading level (1–4) or 0 for body text. Size relative to the document's body size decides
 * #/##/###; a short bold line at body size is a #### run-in heading. Long blocks are never
 * headings, whatever their font: a bold paragraph is emphasis, not structure.
 */
export function headingLevel(
  style: BlockStyle,
  text: string,
  lines: number,
  bodySize: number,
  markedHeading: boolean
): number {
  if (text.length > 200 || lines > 3 || bodySize <= 0) return 0
  if (text.replace(/[^\p{L}]/gu, '').length < 2) return 0
  const ratio = style.size / bodySize
  if (ratio >= 1.6) return 1
  if (ratio >= 1.3) return 2
  if (ratio >= 1.12) return 3
  const shortBoldLine = style.boldShare >= 0.9 && lines === 1 && text.length <= 80
  if (markedHeading || (shortBoldLine && ratio >= 0.95 && !/[.,;:]$/u.test(text))) return 4
  return 0
}

export type Cell = { x0: number; x1: number; y0: number; y1: number; text: string }

/** Cuts a line's spans into cells wherever the gap between two characters is a column gap. */
function lineCells(spans: readonly Span[]): Cell[] {
  const chars: { c: string; x0: number; x1: number; y0: number; y1: number }[] = []
  for (const span of spans) {
    const cps = [...span.text]
    cps.forEach((c, i) => {
      const x0 = span.charX[2 * i] ?? span.bbox[0]
      const x1 = span.charX[2 * i + 1] ?? span.bbox[2]
      chars.push({ c, x0, x1, y0: span.bbox[1], y1: span.bbox[3] })
    })
  }
  const cells: Cell[] = []
  let current: Cell | null = null
  for (const ch of chars) {
    const height = ch.y1 - ch.y0
    // Wider than any justified word space (about three spaces of paper): a new cell.
    if (current && ch.x0 - current.x1 > Math.max(height * 1.5, 6)) {
      cells.push(current)
      current = null
    }
    if (!current) current = { x0: ch.x0, x1: ch.x1, y0: ch.y0, y1: ch.y1, text: ch.c }
    else {
      current.text += ch.c
      current.x1 = Math.max(current.x1, ch.x1)
    }
  }
  if (current) cells.push(current)
  return cells
    .map((c) => ({ ...c, text: c.text.normalize('NFKC').replace(/\s+/gu, ' ').trim() }))
    .filter((c) => c.text !== '')
}

/**
 * Cells as a Markdown table: rows are cells whose vertical extents overlap, columns come from
 * the left edges of the widest row. Empty when there are fewer than two columns.
 */
export function cellsTable(input: readonly Cell[]): string {
  const cells = [...input].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)
  const rows: Cell[][] = []
  for (const cell of cells) {
    const row = rows.at(-1)
    const mid = (cell.y0 + cell.y1) / 2
    if (row && row.some((c) => mid > c.y0 && mid < c.y1)) row.push(cell)
    else rows.push([cell])
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0)
  const widest = rows.reduce<Cell[]>((w, r) => (r.length > w.length ? r : w), [])
  if (widest.length < 2) return ''
  const starts = widest.map((c) => c.x0)
  const column = (cell: Cell): number => {
    let best = 0
    starts.forEach((x, i) => {
      if (Math.abs(cell.x0 - x) < Math.abs(cell.x0 - starts[best]!)) best = i
    })
    return best
  }
  const grid = rows.map((row) => {
    const out = starts.map(() => '')
    for (const cell of row) {
      const i = column(cell)
      out[i] = out[i] ? `${out[i]} ${cell.text}` : cell.text
    }
    return out.map((t) => t.replaceAll('|', '\\|'))
  })
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  const [header, ...body] = grid
  return [line(header!), line(starts.map(() => '---')), ...body.map(line)].join('\n')
}

/** One block of table rows (cells split at column gaps inside its lines) as a Markdown table. */
export function markdownTable(block: Block): string {
  return cellsTable(block.lines.flatMap((line) => lineCells(line.spans)))
}

/** A table whose cells are separate blocks (a grid the engine found) as a Markdown table. */
export function gridTable(blocks: readonly Readonly<{ block: Block; text: string }>[]): string {
  return cellsTable(
    blocks.map(({ block, text }) => ({
      x0: block.bbox[0],
      x1: block.bbox[2],
      y0: block.bbox[1],
      y1: block.bbox[3],
      text: text.normalize('NFKC').replace(/\s+/gu, ' ').trim()
    }))
  )
}

/** Keeps a paragraph from being read as Markdown structure (a heading, quote, list or rule). */
export function escapeParagraph(text: string): string {
  return text
    .replace(/^(\s*)([#>*+-])(?=\s|$)/gmu, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s|$)/gmu, '$1\\$2')
}
