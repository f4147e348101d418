import type { ReadableDB } from '../store/db.js'
import { countExportPages, documentNames } from '../store/export-queries.js'
import type { BeforeRename, WriteOutcome } from './atomic-write.js'
import { writeFileAtomically, type ChunkWriter } from './atomic-file.js'
import { documentStems, pageEntryName } from './entry-name.js'
import type { ExportProgress } from './gold-export.js'
import type { JsonlRecord } from './jsonl-record.js'
import { viewTables } from './page-tables.js'
import { tableHtml } from './table-html.js'
import { captionTarget } from '../layout/captions.js'
import type { Table } from '../layout/table-cells.js'
import { walkPages } from './page-walk.js'
import { pageElements, type ViewElement } from './view-elements.js'
import { pagePictures } from './page-pictures.js'
import { loadPageView, type PageView } from './page-view.js'
import { inForm, type TextForm } from '../layout/normalize.js'

export type JsonlReport = Readonly<{ file: string; pages: number; outcome: WriteOutcome }>

/** The caption block that stands at a table, as the record links it. */
function captionOf(
  view: PageView,
  table: Table,
  form: TextForm
): { caption?: { block: number; text: string } } {
  for (const b of view.blocks) {
    if (b.role !== 'caption' || b.excluded) continue
    const target = captionTarget(view.layout, b.block, [table.blocks])
    if (target?.kind === 'table') {
      return { caption: { block: b.block.id, text: inForm(b.text, form) } }
    }
  }
  return {}
}

export function jsonlRecord(view: PageView, id: string, form: TextForm = 'drawn'): JsonlRecord {
  const tables = viewTables(view)
  const inTable = new Set(tables.flatMap((t) => t.blocks))
  const elements = [...pageElements(view, (id) => inTable.has(id)).values()]
  const structure = blockStructure(elements, form)
  const formulas = elements.filter((e) => e.role === 'formula')
  const pictures = pagePictures(view)
  return {
    id,
    source: view.document.name,
    sha256: view.document.sha256,
    page: view.page,
    text: inForm(view.state.text, form),
    blocks: view.blocks.map((b) => ({
      id: b.block.id,
      text: inForm(b.text, form),
      bbox: [...b.block.bbox],
      role: b.role,
      excluded: b.excluded,
      ...structure.get(b.block.id)
    })),
    flags: view.flags.map((f) => ({ code: f.code, severity: f.severity, message: f.message })),
    ...(tables.length > 0 && {
      tables: tables.map((t) => ({
        blocks: [...t.blocks],
        bbox: [...t.bbox],
        rows: t.rows,
        columns: t.columns,
        header_rows: t.headerRows,
        cells: t.cells.map((c) => ({
          row: c.row,
          column: c.column,
          rowspan: c.rowSpan,
          colspan: c.colSpan,
          text: inForm(c.text, form),
          bbox: [...c.bbox]
        })),
        ...captionOf(view, t, form),
        html: tableHtml(t, (text) => inForm(text, form))
      }))
    }),
    ...(formulas.length > 0 && {
      formulas: formulas.map((f) => ({
        blocks: f.blocks.map((b) => b.block.id),
        bbox: [...f.bbox],
        lines: f.role === 'formula' ? f.rows.map((l) => inForm(l, form)) : []
      }))
    }),
    ...(pictures.length > 0 && {
      pictures: pictures.map((p) => ({
        bbox: [...p.bbox],
        width: p.width,
        height: p.height,
        ...(p.caption && {
          caption: { block: p.caption.block, text: inForm(p.caption.text, form) }
        })
      }))
    }),
    status: view.state.status,
    revision: view.revisionId
  }
}

type BlockStructure = Pick<JsonlRecord['blocks'][number], 'items' | 'lines'>

/** The items of each list block and the lines of each code block, by block id. */
function blockStructure(
  elements: readonly ViewElement[],
  form: TextForm
): Map<number, BlockStructure> {
  const out = new Map<
    number,
    { items?: { marker: string; level: number; text: string }[]; lines?: string[] }
  >()
  for (const element of elements) {
    if (element.role === 'list') {
      for (const item of element.items) {
        const entry = out.get(item.block) ?? { items: [] }
        entry.items!.push({ marker: item.marker, level: item.level, text: inForm(item.text, form) })
        out.set(item.block, entry)
      }
    } else if (element.role === 'code') {
      out.set(element.blocks[0]!.block.id, { lines: element.lines.map((l) => inForm(l, form)) })
    }
  }
  return out
}

/**
 * Every page of the project as one JSON line each, in (document, page) order, handed to `write`
 * (a file being written, or standard output); returns how many pages there were.
 */
export async function writeJsonlRecords(
  db: ReadableDB,
  write: ChunkWriter,
  onProgress?: ExportProgress,
  form: TextForm = 'drawn'
): Promise<number> {
  const stems = documentStems(documentNames(db))
  const total = countExportPages(db, null)
  let pages = 0
  onProgress?.(0, total)
  for await (const ref of walkPages(db, null)) {
    const view = loadPageView(db, ref.documentId, ref.page)
    const id = pageEntryName(stems.get(ref.documentId) ?? `document-${ref.documentId}`, ref.page)
    await write(JSON.stringify(jsonlRecord(view, id, form)) + '\n')
    pages++
    onProgress?.(pages, total)
  }
  return pages
}

/** The JSONL as one file, replaced atomically and only when its content changes. */
export async function exportJsonl(
  db: ReadableDB,
  file: string,
  options: Readonly<{
    onProgress?: ExportProgress
    beforeRename?: BeforeRename
    form?: TextForm
  }> = {}
): Promise<JsonlReport> {
  let pages = 0
  const outcome = await writeFileAtomically(
    file,
    async (write) => {
      pages = await writeJsonlRecords(db, write, options.onProgress, options.form)
    },
    options.beforeRename
  )
  return { file, pages, outcome }
}
