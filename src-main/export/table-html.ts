import type { Table } from '../layout/table-cells.js'

const escape = (text: string): string =>
  text.replace(/[&<>"]/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * A table as an HTML `<table>`: its header rows in `<thead>` as `<th>`, the others in `<tbody>`,
 * spans as `rowspan`/`colspan`, an empty `<td>` where a row has no cell in a column, so that a
 * pipeline that reads HTML tables (docling's and Unstructured's `text_as_html`) gets the grid.
 */
export function tableHtml(table: Table, text: (cell: string) => string = (t) => t): string {
  const covered = new Set<string>()
  for (const cell of table.cells) {
    for (let r = cell.row; r < cell.row + cell.rowSpan; r++) {
      for (let c = cell.column; c < cell.column + cell.colSpan; c++) {
        if (r !== cell.row || c !== cell.column) covered.add(`${r},${c}`)
      }
    }
  }
  const rowHtml = (row: number): string => {
    const tag = row < table.headerRows ? 'th' : 'td'
    let html = '<tr>'
    for (let column = 0; column < table.columns; column++) {
      if (covered.has(`${row},${column}`)) continue
      const cell = table.cells.find((c) => c.row === row && c.column === column)
      const spans =
        (cell && cell.rowSpan > 1 ? ` rowspan="${cell.rowSpan}"` : '') +
        (cell && cell.colSpan > 1 ? ` colspan="${cell.colSpan}"` : '')
      html += `<${tag}${spans}>${cell ? escape(text(cell.text)) : ''}</${tag}>`
    }
    return `${html}</tr>`
  }
  const rows = Array.from({ length: table.rows }, (_, row) => rowHtml(row))
  const head = rows.slice(0, table.headerRows)
  const body = rows.slice(table.headerRows)
  return (
    '<table>' +
    (head.length > 0 ? `<thead>${head.join('')}</thead>` : '') +
    `<tbody>${body.join('')}</tbody></table>`
  )
}

/**
 * The label of each column as one header row gives it: the texts of the header cells over the
 * column, top down, joined by a space ("2023 Q1" under a "2023" spanning "Q1" and "Q2"); '' for
 * a table with no header row.
 */
export function columnLabels(table: Table): string[] {
  return Array.from({ length: table.columns }, (_, column) =>
    table.cells
      .filter(
        (c) => c.row < table.headerRows && c.column <= column && column < c.column + c.colSpan
      )
      .sort((a, b) => a.row - b.row)
      .map((c) => c.text.replace(/\s+/gu, ' ').trim())
      .join(' ')
  )
}
