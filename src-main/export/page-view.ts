import { followsBlocks } from '../review/page-text.js'
import { blockText } from '../layout/page-text.js'
import { elementBlockText } from '../layout/elements.js'
import type { Flag } from '../shared/flags.js'
import type { Block, BlockRole, PageLayout } from '../shared/layout.js'
import type { ReadableDB } from '../store/db.js'
import { getDocument, type DocumentRow } from '../store/documents.js'
import { getPage, readLayout } from '../store/pages.js'
import { currentState, latestRevision, type ReviewState } from '../store/revisions.js'
import { withStructure } from '../shared/page-structure.js'

export type ViewBlock = Readonly<{
  block: Block
  /**
   * The reviewer's text for the block where edited, else the engine's: a list's items, a
   * listing's or a formula's lines a line each, any other block one paragraph.
   */
  text: string
  role: BlockRole
  /** Left out of the page's text: by the reviewer, or by its role before any review. */
  excluded: boolean
}>

/**
 * Where the `table` check found tables: blocks holding table rows, grids of cell blocks, and the
 * regions the text reads as tables (none in pages checked before there were such regions).
 */
export type PageTables = Readonly<{
  rowBlocks: ReadonlySet<number>
  grids: readonly number[][]
  regions: readonly number[][]
}>

const isIds = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => Number.isInteger(v))

/** The table check's evidence is all the engine keeps of the tables it found. */
function pageTables(flags: readonly Flag[]): PageTables {
  const evidence = flags.find((f) => f.code === 'table')?.evidence ?? {}
  const rowBlocks = isIds(evidence['tableBlocks']) ? evidence['tableBlocks'] : []
  const grids = Array.isArray(evidence['grids']) ? evidence['grids'].filter(isIds) : []
  const regions = Array.isArray(evidence['tables']) ? evidence['tables'].filter(isIds) : []
  return { rowBlocks: new Set(rowBlocks), grids, regions }
}

/** A page as it stands now, as every export format needs it. */
export type PageView = Readonly<{
  document: DocumentRow
  page: number
  layout: PageLayout
  state: ReviewState
  revisionId: number | null
  /** When the latest revision was made; null before any review. */
  revisionTime: string | null
  flags: readonly Flag[]
  tables: PageTables
  /** Every block in the current reading order. */
  blocks: readonly ViewBlock[]
  /**
   * The reviewer's text for the whole page where it is no longer what the blocks compose (the
   * review screen's page text, edited by hand); null otherwise. It maps to no block, so the
   * formats that are made of blocks carry it as one piece.
   */
  pageText: string | null
}>

/** Body text the table check placed in a table is a table block. */
function tableRole(role: BlockRole, inTable: boolean): BlockRole {
  return role === 'body' && inTable ? 'table' : role
}

export function loadPageView(db: ReadableDB, documentId: number, pageNo: number): PageView {
  const document = getDocument(db, documentId)
  const page = getPage(db, documentId, pageNo)
  const layout = readLayout(db, documentId, pageNo)
  const latest = latestRevision(db, documentId, pageNo)
  const current = latest
    ? { state: latest.state, revisionId: latest.id }
    : currentState(db, documentId, pageNo)
  if (!document || !page || !layout || !current) {
    throw new Error(`no page ${pageNo} in document ${documentId}`)
  }
  const { state } = current
  // The reviewer's blocks, where they changed them (merged, split, drawn, a role set).
  const shown = withStructure(layout, page.analysis.roles, state.structure)
  const excluded = new Set(state.excluded)
  const tables = pageTables(page.analysis.flags)
  const inTable = new Set([...tables.rowBlocks, ...tables.grids.flat(), ...tables.regions.flat()])
  const blocks: ViewBlock[] = []
  for (const id of state.order) {
    const block = shown.layout.blocks[id]
    if (!block) continue
    blocks.push({
      block,
      text:
        state.blockText[id] ??
        elementBlockText(block, shown.roles[id] ?? 'body') ??
        blockText(block),
      // A role the reviewer set is theirs; the table check only reads the engine's roles.
      role: tableRole(
        shown.roles[id] ?? 'body',
        inTable.has(id) && shown.roles[id] === page.analysis.roles[id]
      ),
      excluded: excluded.has(id)
    })
  }
  return {
    document,
    page: pageNo,
    layout: shown.layout,
    state,
    revisionId: current.revisionId,
    revisionTime: latest?.createdAt ?? null,
    flags: page.analysis.flags,
    tables,
    blocks,
    pageText:
      current.revisionId !== null && !followsBlocks(layout, page.analysis.roles, state)
        ? state.text
        : null
  }
}
