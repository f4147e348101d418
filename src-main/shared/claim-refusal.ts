import type { RpcError } from './contract.js'

/**
 * The words of a write refused for want of the page's claim, shared so that the review screen can
 * tell a lapsed claim from any other refusal and say what happened.
 */
const HELD_BY = 'page held by '
const CLAIM_FIRST = 'claim the page first'

/** Why a reviewer may not change a page: another holds it, or nobody does. */
export function claimRefusal(holder: string | null): string {
  return holder === null ? CLAIM_FIRST : `${HELD_BY}${holder}`
}

/** Whether a call failed for want of the page's claim (the server answers it 409). */
export function isClaimRefusal(error: RpcError): boolean {
  return (
    error.code === 'conflict' &&
    (error.message === CLAIM_FIRST || error.message.startsWith(HELD_BY))
  )
}

/** Who holds the page a claim refusal names; null when nobody does. */
export function refusedHolder(error: RpcError): string | null {
  return error.message.startsWith(HELD_BY) ? error.message.slice(HELD_BY.length) : null
}
