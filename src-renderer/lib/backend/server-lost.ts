/**
 * A call the server never ran: it could not be reached (stopped, restarting, the network gone),
 * or it no longer accepts this tab (restarted, so the token in the address is an old one).
 * Nothing changed on the server; `retrying` says whether asking again later can help.
 */
export class ServerLost extends Error {
  constructor(
    message: string,
    readonly retrying: boolean
  ) {
    super(message)
  }
}

export const UNREACHABLE = 'the server cannot be reached'
export const STALE_TAB =
  'the server no longer accepts this tab (it was restarted): open the URL it printed'
