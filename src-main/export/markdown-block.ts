import type { Block, Span } from '../shared/layout.js'
import { drawnForm } from '../layout/normalize.js'

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
    .map((c) => ({ ...c, text: drawnForm(c.text).replace(/\s+/gu, ' ').trim() }))
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
      text: drawnForm(text).replace(/\s+/gu, ' ').trim()
    }))
  )
}

/** Keeps a paragraph from being read as Markdown structure (a heading, quote, list or rule). */
export function escapeParagraph(text: string): string {
  return text
    .replace(/^(\s*)([#>*+-])(?=\s|$)/gmu, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s|$)/gmu, '$1\\$2')
}

/**
 * An aside (a side box) as a blockquote, its lines kept: set apart from the paragraphs around it,
 * as HTML's <aside> and PDF 2.0's Aside structure type set it apart. Neither docling nor
 * Unstructured has an element of its own for it.
 */
export function asideQuote(text: string): string {
  return escapeParagraph(text.trim())
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line.trim()}`))
    .join('\n')
}
