import { userInfo } from 'node:os'
import { METHODS, type Emit, type MethodName, type RpcResult } from '../shared/contract.js'
import { isPostgresUrl } from '../store/location.js'
import { openDatabase } from '../store/open.js'
import { AppQueue } from '../queue/app-queue.js'
import { WorkersProgress } from '../queue/workers-progress.js'
import type { Context } from './context.js'
import { toRpcError } from './errors.js'
import { handlerTable } from './index.js'
import type { Handler } from './handler.js'
import { IngestJobs, ingestInto } from './ingest-jobs.js'
import { ocrInto } from './ocr-jobs.js'
import { WarmOcrThread } from '../ocr/warm-thread.js'
import { RenderThread } from './render-thread.js'
import { SessionPasswords } from './session-passwords.js'
import { validateInput } from './validate-input.js'

export type BackendOptions = Readonly<{
  /** The review project, created when missing. */
  dbFile: string
  /** Pushes an event to every window or browser tab. */
  emit: Emit
  author?: string
}>

export type Backend = Readonly<{
  /**
   * The single entry of every transport: validates the input, runs the handler, never throws.
   * `author`, where given, signs the call's revisions (a logged-in reviewer of `recto serve`);
   * `claimant`, their user id, makes a page-changing call land only while they hold the page.
   */
  dispatch(
    method: string,
    input: unknown,
    author?: string,
    claimant?: number
  ): Promise<RpcResult<unknown>>
  /** Cancels running jobs, waits for them, ends the OCR thread and closes the database. */
  close(): Promise<void>
}>

export function createBackend(options: BackendOptions): Backend {
  const handlers = handlerTable()
  const db = openDatabase(options.dbFile)
  const renderer = new RenderThread()
  const passwords = new SessionPasswords()
  const pageOcr = new WarmOcrThread()
  // A project in PostgreSQL queues the documents added for its workers, on any machine, and
  // takes jobs itself as one of them; the app shows their progress together.
  const postgres = isPostgresUrl(options.dbFile)
  const queue = postgres ? new AppQueue(db, options.dbFile, () => passwords.list()) : undefined
  const workers = postgres ? new WorkersProgress(db, options.emit) : undefined
  workers?.start()
  const jobs = new IngestJobs(
    options.emit,
    queue?.ingest ?? ingestInto(db, passwords),
    ocrInto(db, passwords, pageOcr),
    workers
  )
  const ctx: Context = {
    db,
    dbFile: options.dbFile,
    author: options.author ?? defaultAuthor(),
    renderer,
    jobs,
    passwords,
    emit: options.emit
  }

  async function dispatch(
    method: string,
    input: unknown,
    author?: string,
    claimant?: number
  ): Promise<RpcResult<unknown>> {
    const valid = validateInput(method, input)
    if (!valid.ok) return valid
    try {
      const handler = handlers[valid.method] as Handler<MethodName>
      const caller = {
        ...ctx,
        ...(author ? { author } : {}),
        ...(claimant === undefined ? {} : { claimant })
      }
      const value = await handler(valid.input as never, caller)
      return { ok: true, value: METHODS[valid.method].output.parse(value) }
    } catch (error) {
      return { ok: false, error: toRpcError(error) }
    }
  }

  return {
    dispatch,
    async close() {
      workers?.close()
      await jobs.close()
      await pageOcr.stop()
      await queue?.close()
      await renderer.close()
      db.close()
    }
  }
}

function defaultAuthor(): string {
  try {
    return userInfo().username
  } catch {
    return 'reviewer'
  }
}
