/**
 * Claims of a shared project, as `recto serve` hands them out over HTTP (`/claims…`): they live
 * beside the logins on the server, not in the backend's typed calls. The session cookie goes with
 * each request (same origin); the desktop app has no team and never calls these.
 */

export type PageKey = Readonly<{ documentId: number; pageNo: number }>
/** A live claim as the server stores it; the UI shows it as given, it never ages it. */
export type PageClaim = PageKey & Readonly<{ holder: string; claimedAt: string; expiresAt: string }>
export type Session = Readonly<{ team: boolean; user: { name: string; role: string } | null }>

async function answer<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`the server refused: ${await response.text()}`)
  return (await response.json()) as T
}

export async function fetchSession(): Promise<Session> {
  return answer<Session>(await fetch('/session'))
}

export async function fetchClaims(): Promise<PageClaim[]> {
  return answer<PageClaim[]>(await fetch('/claims'))
}

/** Claims the next page of the queue for this reviewer (their earlier claim ends); null: none. */
export async function claimNextPage(): Promise<PageKey | null> {
  const { page } = await answer<{ page: PageKey | null }>(
    await fetch('/claims/next', { method: 'POST' })
  )
  return page
}

export async function releasePage(page: PageKey): Promise<boolean> {
  const { released } = await answer<{ released: boolean }>(
    await fetch('/claims/release', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentId: page.documentId, pageNo: page.pageNo })
    })
  )
  return released
}

/** The page's claim after a renewal or a take: `held` says whether it is this reviewer's now. */
export type HeldClaim = Readonly<{ held: boolean; claim: PageClaim | null }>

async function onePage(path: string, page: PageKey): Promise<HeldClaim> {
  return answer<HeldClaim>(
    await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentId: page.documentId, pageNo: page.pageNo })
    })
  )
}

/** Extends this reviewer's claim on the page they have open by a full lease. */
export function renewPage(page: PageKey): Promise<HeldClaim> {
  return onePage('/claims/renew', page)
}

/** Claims the page again after this reviewer's claim lapsed, when nobody else took it. */
export function takePage(page: PageKey): Promise<HeldClaim> {
  return onePage('/claims/take', page)
}
