/**
 * The SQLSTATE a store's statement fails with while its database cannot be reached
 * (connection_failure): PostgreSQL's own code for it, so callers test one code either way.
 */
export const UNREACHABLE = '08006'

/** The message a call fails with during an outage; the store tries again on the next call. */
export function unreachableMessage(reason: string): string {
  return `the database is unreachable (${reason}); retrying`
}

/** Whether `error` is a statement the store could not send because its database is down. */
export function isUnreachable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNREACHABLE
}

/**
 * Whether a statement failed because its connection did, whoever sent it (the store, or the
 * queue's own pool): SQLSTATE class 08 (connection exception, but for a protocol violation) or
 * 57P (the server shutting down or starting), a socket error (ECONNREFUSED…), which has no
 * SQLSTATE, or node-postgres's own word for a connection gone.
 */
export function isConnectionError(error: unknown): boolean {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown }
  if (typeof code === 'string') return code !== '08P01' && /^(08|57P|E[A-Z]+$)/.test(code)
  return typeof message === 'string' && /connection terminated|not queryable/i.test(message)
}

/** Whether a failure's reason, passed on as text (from a thread), was an outage. */
export function reasonIsOutage(reason: string): boolean {
  return reason.includes('the database is unreachable (')
}
