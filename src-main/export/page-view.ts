import { blockText } from '../layout/page-text.js'
import type { Flag } from '../shared/flags.js'
import type { Block, BlockRole, PageLayout } from '../shared/layout.js'
import type { ReadableDB } from '../store/db.js'
import { getDocument, type DocumentRow } from '../store/documents.js'
import { getPage, readLayout } from '../store/pages.js'
import { currentState, latestRevision, type ReviewState } from '../store/revisions.js'

export type ViewBlock = Readonly<{
  block: Block
  /** The reviewer's text for the block where edited, else the engine's. */
  text: string
  role: BlockRole
  /** Left out of the page's text: by the reviewer, or by its role before any review. */
  excluded: boolean
}>

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
  /** Every block in the current reading order. */
  blocks: readonly ViewBlock[]
}>

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
  const excluded = new Set(state.excluded)
  const blocks: ViewBlock[] = []
  for (const id of state.order) {
    const block = layout.blocks[id]
    if (!block) continue
    blocks.push({
      block,
      text: state.blockText[id] ?? blockText(block),
      role: page.analysis.roles[id] ?? 'body',
      excluded: excluded.has(id)
    })
  }
  return {
    document,
    page: pageNo,
    layout,
    state,
    revisionId: current.revisionId,
    revisionTime: latest?.createdAt ?? null,
    flags: page.analysis.flags,
    blocks
  }
}
