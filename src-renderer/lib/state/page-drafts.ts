import type { PageState } from '@shared/contract'

/** What a reviewer changes on a page: the part of its state a save sends. */
export type PageEdit = Pick<PageState, 'order' | 'excluded' | 'blockText' | 'pageText' | 'status'>

/**
 * An edit the server has not confirmed yet, kept in the browser's storage for the page's address
 * until it has. `base` is the page's revision the edit was made on: when the server still has that
 * revision the draft is simply the next one; when not, the reviewer is asked.
 */
export type PageDraft = Readonly<{
  edit: PageEdit
  base: number | null
  /** When it was typed (ms since 1970), to say so when it is offered back. */
  at: number
}>

/**
 * Which page: by the document's bytes rather than its id, so that another project served from the
 * same address never gets this one's draft. A browser profile is one person's.
 */
export type DraftPage = Readonly<{ documentSha256: string; pageNo: number }>

const PREFIX = 'recto.draft:'
const keyOf = (page: DraftPage) => `${PREFIX}${page.documentSha256}:${page.pageNo}`

// Storage can be missing or full (a private window, a quota): the edit is still on screen and on
// its way to the server, so a draft that cannot be written costs only the safety net.
function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function keepDraft(page: DraftPage, draft: PageDraft): void {
  try {
    storage()?.setItem(keyOf(page), JSON.stringify(draft))
  } catch {
    return
  }
}

export function readDraft(page: DraftPage): PageDraft | null {
  const raw = storage()?.getItem(keyOf(page))
  if (!raw) return null
  try {
    const draft = JSON.parse(raw) as PageDraft
    return typeof draft === 'object' && draft !== null && 'edit' in draft ? draft : null
  } catch {
    return null
  }
}

export function dropDraft(page: DraftPage): void {
  storage()?.removeItem(keyOf(page))
}

/** Whether the edit is what the page's state already holds (the draft was saved after all). */
export function sameEdit(edit: PageEdit, state: PageEdit): boolean {
  return (
    JSON.stringify([
      edit.order,
      edit.excluded,
      sortedEntries(edit.blockText),
      edit.pageText,
      edit.status
    ]) ===
    JSON.stringify([
      state.order,
      state.excluded,
      sortedEntries(state.blockText),
      state.pageText,
      state.status
    ])
  )
}

const sortedEntries = (record: Record<string, string>) =>
  Object.entries(record).sort(([a], [b]) => a.localeCompare(b))
