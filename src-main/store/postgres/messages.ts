/** What the store's thread asks the PostgreSQL thread, one request at a time. */
export type PgRequest =
  | Readonly<{ kind: 'query'; text: string; values: readonly unknown[] }>
  | Readonly<{ kind: 'script'; text: string }>
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
  /** Set to 1 by the thread once a reply is posted; the store's thread waits on it. */
  signal: Int32Array
  port: MessagePort
}>
