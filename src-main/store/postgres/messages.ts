/**
 * What the store's thread asks the PostgreSQL thread, one request at a time. `reconnect` says
 * whether a lost connection may be replaced for this request: never inside a transaction, whose
 * earlier statements died with the old connection.
 */
export type PgRequest =
  | Readonly<{ kind: 'query'; text: string; values: readonly unknown[]; reconnect: boolean }>
  | Readonly<{ kind: 'script'; text: string; reconnect: boolean }>
  | Readonly<{ kind: 'close' }>

export type PgReply =
  | Readonly<{
      ok: true
      fields: readonly string[]
      rows: readonly (readonly unknown[])[]
      rowCount: number
    }>
  | Readonly<{ ok: false; message: string; code?: string }>

export type PgThreadData = Readonly<{
  url: string
  /** A statement run on every connection the thread opens (a read-only session's setting). */
  session: string | null
  /** Set to 1 by the thread once a reply is posted; the store's thread waits on it. */
  signal: Int32Array
  port: MessagePort
}>
