import { documentBodySize, sizeHistogram } from '../layout/headings.js'
import { documentHeadingRanks, sizeLevel } from './heading-ranks.js'
import type { ReadableDB } from '../store/db.js'
import { countExportPages, documentNames, type ExportPageRef } from '../store/export-queries.js'
import { readLayout } from '../store/pages.js'
import { AtomicFolder, type BeforeRename, type WriteOutcome } from './atomic-write.js'
import { documentStems } from './entry-name.js'
import type { ExportProgress } from './gold-export.js'
import { asideQuote, escapeParagraph, gridTable, markdownTable } from './markdown-block.js'
import { markdownTables } from './markdown-table.js'
import { elementMarkdown } from './markdown-elements.js'
import { coveredBlocks, pageElements } from './view-elements.js'
import { walkDocuments } from './page-walk.js'
import { loadPageView, type PageView, type ViewBlock } from './page-view.js'
import { drawnForm, inForm, type TextForm } from '../layout/normalize.js'

export type MarkdownReport = Readonly<{
  dir: string
  documents: number
  added: readonly string[]
  changed: readonly string[]
  unchanged: readonly string[]
}>

/** The document's body size, which a heading's level is measured against. */
function exportBodySize(db: ReadableDB, refs: readonly ExportPageRef[]): number {
  return documentBodySize(
    refs.flatMap((ref) => {
      const layout = readLayout(db, ref.documentId, ref.page)
      return layout ? [sizeHistogram(layout)] : []
    })
  )
}

const squash = (text: string): string => text.replace(/\s+/gu, ' ').trim()

/**
 * How many `#` a heading block's text gets: its size against the body's says how high, closed
 * up into the document's own hierarchy where `ranks` is given (heading-ranks.ts).
 */
function headingDepth(
  b: ViewBlock,
  text: string,
  body: number,
  ranks?: ReadonlyMap<number, number>
): number {
  const level = sizeLevel(b, text, body)
  return ranks?.get(level) ?? level
}

/**
 * A page whose whole text the reviewer rewrote: that text, a paragraph per blank-line-separated
 * piece, since it maps to no block. A paragraph that is still the text of a heading block stays
 * that heading, and one that is still an aside's stays a blockquote.
 */
function correctedPageMarkdown(
  view: PageView,
  pageText: string,
  body: number,
  ranks?: ReadonlyMap<number, number>
): string {
  const asides = new Set(
    view.blocks
      .filter((b) => !b.excluded && b.role === 'aside')
      .map((b) => squash(drawnForm(b.text)))
  )
  const headings = new Map<string, number>()
  for (const b of view.blocks) {
    if (b.excluded || b.role !== 'heading') continue
    const text = squash(drawnForm(b.text))
    if (text !== '') headings.set(text, headingDepth(b, text, body, ranks))
  }
  return drawnForm(pageText)
    .split(/\n[ \t]*\n/u)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => {
      if (asides.has(squash(paragraph))) return asideQuote(paragraph)
      const level = headings.get(squash(paragraph))
      return level === undefined
        ? escapeParagraph(paragraph)
        : `${'#'.repeat(level)} ${squash(paragraph)}`
    })
    .join('\n\n')
}

/**
 * One page's Markdown: blocks in the current order, excluded ones left out; or the reviewer's
 * own text of the page, where they rewrote it whole.
 */
export function pageMarkdown(
  view: PageView,
  body: number,
  ranks?: ReadonlyMap<number, number>
): string {
  if (view.pageText !== null) return correctedPageMarkdown(view, view.pageText, body, ranks)
  const gridOf = new Map<number, number[]>()
  for (const grid of view.tables.grids) for (const id of grid) gridOf.set(id, grid)
  const byId = new Map(view.blocks.map((b) => [b.block.id, b]))
  const tables = markdownTables(view)
  const elements = pageElements(view, (id) => tables.has(id))
  const covered = coveredBlocks(elements)
  const parts: string[] = []
  for (const b of view.blocks) {
    if (b.excluded || covered.has(b.block.id)) continue
    const table = tables.get(b.block.id)
    if (table !== undefined) {
      if (table !== '') parts.push(table)
      continue
    }
    const element = elements.get(b.block.id)
    if (element) {
      parts.push(elementMarkdown(element))
      continue
    }
    const text = drawnForm(b.text).trim()
    if (text === '') continue
    const grid = gridOf.get(b.block.id)
    if (grid) {
      // The whole grid goes where its first cell falls in the reading order.
      const cells = grid.flatMap((id) => {
        const cell = byId.get(id)
        return cell && !cell.excluded ? [cell] : []
      })
      for (const id of grid) gridOf.delete(id)
      const table = gridTable(cells)
      parts.push(table !== '' ? table : escapeParagraph(cells.map((c) => c.text).join(' ')))
      continue
    }
    const edited = Object.hasOwn(view.state.blockText, b.block.id)
    if (b.role === 'table' && !edited) {
      const table = markdownTable(b.block)
      if (table !== '') {
        parts.push(table)
        continue
      }
    }
    if (b.role === 'aside') {
      parts.push(asideQuote(text))
      continue
    }
    // Which blocks are headings is the engine's `heading` role; their size says how high.
    const level = b.role === 'heading' ? headingDepth(b, text, body, ranks) : 0
    const heading = `${'#'.repeat(level)} `
    const previous = parts.at(-1)
    if (level > 0 && level <= 2 && previous?.startsWith(heading) && !/[.:;!?]$/u.test(previous)) {
      // A title MuPDF cut into two blocks at its line break: one heading, not two.
      parts[parts.length - 1] = `${previous} ${squash(text)}`
    } else if (level > 0) parts.push(`${heading}${squash(text)}`)
    else parts.push(escapeParagraph(text))
  }
  return parts.join('\n\n')
}

/**
 * One Markdown file per document, pages in order (each opened by an HTML comment naming it), with
 * the reviewers' order, exclusions and edits where they exist. Blocks with the engine's heading
 * role are headings, ranked by size within the document's own hierarchy; blocks the engine marked as tables become Markdown tables.
 */
export async function exportMarkdown(
  db: ReadableDB,
  dir: string,
  options: Readonly<{
    onProgress?: ExportProgress
    beforeRename?: BeforeRename
    form?: TextForm
  }> = {}
): Promise<MarkdownReport> {
  const folder = new AtomicFolder(dir, options.beforeRename)
  await folder.prepare()
  const stems = documentStems(documentNames(db))
  const total = countExportPages(db, null)
  const outcomes: Record<WriteOutcome, string[]> = { added: [], changed: [], unchanged: [] }
  let done = 0
  options.onProgress?.(0, total)
  for await (const refs of walkDocuments(db, null)) {
    const documentId = refs[0]!.documentId
    const body = exportBodySize(db, refs)
    const views = refs.map((ref) => loadPageView(db, documentId, ref.page))
    const ranks = documentHeadingRanks(views, body)
    const pages = views.map((view) => {
      done++
      options.onProgress?.(done, total)
      return `<!-- page ${view.page} -->\n\n${pageMarkdown(view, body, ranks)}`.trimEnd()
    })
    const name = `${stems.get(documentId) ?? `document-${documentId}`}.md`
    outcomes[
      await folder.write(name, inForm(pages.join('\n\n') + '\n', options.form ?? 'drawn'))
    ].push(name)
  }
  await folder.finish()
  return { dir: folder.dir, documents: Object.values(outcomes).flat().length, ...outcomes }
}
