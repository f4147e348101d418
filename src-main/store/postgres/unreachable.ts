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
