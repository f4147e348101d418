import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { column, drawnPdf, type Run } from '../helpers/drawn-pdf.js'
import { PROSE } from '../helpers/prose.js'

/** A heading (level 1 to 3) or a paragraph of the outline document. */
export type OutlineItem = Readonly<{ heading?: 1 | 2 | 3; text: string }>

/** Heading sizes over a 10 pt body: 20 pt is 2x (level 1), 14 pt 1.4x (2), 12 pt 1.2x (3). */
const SIZE = { 1: 20, 2: 14, 3: 12 } as const

/**
 * Two pages with headings at three levels, each followed by a paragraph of unrelated prose:
 * what a heading path should be for each paragraph can be read off this list.
 */
export const OUTLINE: readonly (readonly OutlineItem[])[] = [
  [
    { heading: 1, text: 'Coast and Country' },
    { text: PROSE.harbour },
    { heading: 2, text: 'Growing Fruit' },
    { text: PROSE.orchard },
    { heading: 3, text: 'Rail to the Valley' },
    { text: PROSE.railway }
  ],
  [
    { heading: 3, text: 'Books in Town' },
    { text: PROSE.library },
    { heading: 2, text: 'Stormy Nights' },
    { text: PROSE.weather },
    { heading: 1, text: 'Daily Bread' },
    { text: PROSE.bakery }
  ]
]

/** The headings each paragraph of OUTLINE stands under, outermost first. */
export function expectedPaths(): Map<string, string[]> {
  const paths = new Map<string, string[]>()
  const stack: { level: number; text: string }[] = []
  for (const item of OUTLINE.flat()) {
    if (item.heading) {
      while ((stack.at(-1)?.level ?? 0) >= item.heading) stack.pop()
      stack.push({ level: item.heading, text: item.text })
    } else {
      paths.set(
        item.text,
        stack.map((h) => h.text)
      )
    }
  }
  return paths
}

function pageRuns(items: readonly OutlineItem[]): Run[] {
  const runs: Run[] = []
  let top = 720
  for (const item of items) {
    if (item.heading) {
      const size = SIZE[item.heading]
      runs.push({ x: 72, y: top, text: item.text, size })
      top -= size * 2.2
    } else {
      const lines = column(item.text, 72, top, 468)
      runs.push(...lines)
      top -= lines.length * 12 + 26
    }
  }
  return runs
}

/** OUTLINE as a PDF file in `dir`. */
export function writeOutlinePdf(dir: string, name = 'outline.pdf'): string {
  const file = join(dir, name)
  writeFileSync(file, drawnPdf(OUTLINE.map((items) => ({ runs: pageRuns(items) }))))
  return file
}
