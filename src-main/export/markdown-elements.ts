import { escapeParagraph } from './markdown-block.js'
import type { ListLine, ViewElement as Element } from './view-elements.js'

/** A CommonMark list marker for a drawn one: numbers stay, bullets and dashes become "-". */
function markdownMarker(item: ListLine): string {
  if (/^\d{1,9}[.)]$/u.test(item.marker)) return item.marker
  // A letter or numeral ("a)", "(iv)") is no Markdown marker: it stays in the item's text.
  if (/[\p{L}\p{N}]/u.test(item.marker)) return `- ${item.marker}`
  return '-'
}

/** A fence longer than any run of backticks in the lines, so that none of them closes it. */
function fence(lines: readonly string[]): string {
  const longest = Math.max(0, ...lines.flatMap((l) => (l.match(/`+/gu) ?? []).map((r) => r.length)))
  return '`'.repeat(Math.max(3, longest + 1))
}

/**
 * An element as Markdown: a list as a real list (four spaces a level deeper, which nests under
 * both "- " and "10. "), a listing as a fenced code block, a formula as a fenced block marked
 * `formula`, its lines as drawn (Unicode, not TeX, so no `$$`, which a renderer would read as TeX).
 */
export function elementMarkdown(element: Element): string {
  if (element.role === 'list') {
    return element.items
      .map((item) => {
        const text = escapeParagraph(item.text.replace(/\s+/gu, ' ').trim())
        return `${'    '.repeat(item.level)}${markdownMarker(item)} ${text}`
      })
      .join('\n')
  }
  const mark = fence(element.lines)
  const info = element.role === 'formula' ? 'formula' : ''
  return [`${mark}${info}`, ...element.lines, mark].join('\n')
}
