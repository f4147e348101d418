/**
 * Text a reviewer typed on a page and has not sent yet (a keying, an adjudicated text). The form
 * it was typed in closes when the claim lapses or moves, or when the page is loaded again; the
 * text stays here, by page, and the form opens with it when they hold the page again. Sent text
 * is dropped. Memory only: nothing typed is left behind in the browser's storage.
 */
type DraftKind = 'keying' | 'adjudication'
type PageKey = { documentId: number; pageNo: number }

const drafts = new Map<string, string>()
const keyOf = (kind: DraftKind, page: PageKey) => `${kind}:${page.documentId}/${page.pageNo}`

export function draft(kind: DraftKind, page: PageKey): string | undefined {
  return drafts.get(keyOf(kind, page))
}

export function keepDraft(kind: DraftKind, page: PageKey, text: string): void {
  drafts.set(keyOf(kind, page), text)
}

export function dropDraft(kind: DraftKind, page: PageKey): void {
  drafts.delete(keyOf(kind, page))
}
