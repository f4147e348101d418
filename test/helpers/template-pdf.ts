import { mupdf } from '../../src-main/extract/mupdf.js'
import { madePdf } from './made-pdf.js'

/** The templates a report's pages are set in. */
export type Template = 'two-column' | 'three-column' | 'wide-left'

const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`

const WORDS = (
  'the committee reviewed the accounts of the quarter and found the figures in order while the ' +
  'board asked for a modern summary of every region with the costs of each office and the plans ' +
  'for the coming year as agreed at the annual meeting of the members'
).split(' ')

/** Lines of prose that differ from page to page (the text of a template changes, not its place). */
function prose(page: number, column: number, lines: number, words: number): string[] {
  return Array.from({ length: lines }, (_, line) =>
    Array.from(
      { length: words },
      (_, w) => WORDS[(page * 7 + column * 13 + line * 5 + w) % WORDS.length]
    ).join(' ')
  )
}

/** A column of lines from its top-left corner down, in F1 (Times) at 11 points. */
function column(x: number, top: number, lines: readonly string[]): string {
  return lines
    .map((line, i) => `BT /F1 11 Tf ${x} ${top - i * 14} Td ${literal(line)} Tj ET`)
    .join('\n')
}

/**
 * One page of a report in a template: a running head, a title, its columns of prose, and a page
 * number at the foot. `two-column` has two even columns, `three-column` one more, `wide-left` two
 * columns of other widths (the same number of blocks in other places). `words` of a page may
 * replace the first words of its first column's first line (what a find and replace looks for).
 */
function pageContent(template: Template, page: number, words?: string): string {
  const parts = [
    `BT /F2 9 Tf 72 800 Td ${literal('Northfield Water Board - Quarterly report')} Tj ET`,
    `BT /F3 16 Tf 72 760 Td ${literal(`Section ${page}: accounts of the quarter`)} Tj ET`,
    `BT /F2 9 Tf 290 40 Td ${literal(`Page ${page}`)} Tj ET`
  ]
  const first = (lines: string[]): string[] =>
    words === undefined ? lines : [words, ...lines.slice(1)]
  if (template === 'two-column') {
    parts.push(
      column(72, 720, first(prose(page, 0, 12, 5))),
      column(320, 720, prose(page, 1, 12, 5))
    )
  } else if (template === 'three-column') {
    parts.push(
      column(72, 720, first(prose(page, 0, 12, 3))),
      column(240, 720, prose(page, 1, 12, 3)),
      column(408, 720, prose(page, 2, 12, 3))
    )
  } else {
    parts.push(
      column(72, 720, first(prose(page, 0, 12, 8))),
      column(430, 720, prose(page, 1, 12, 2))
    )
  }
  return parts.join('\n')
}

/** A report of pages in the given templates; `words` by 1-based page sets its first line. */
export function templatePdf(
  templates: readonly Template[],
  words: Readonly<Record<number, string>> = {}
): Uint8Array {
  return madePdf((doc) => {
    const fonts = {
      F1: doc.addSimpleFont(new mupdf.Font('Times-Roman'), 'Latin'),
      F2: doc.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
      F3: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin')
    }
    return templates.map((template, i) => ({
      content: pageContent(template, i + 1, words[i + 1]),
      resources: { Font: fonts }
    }))
  })
}
