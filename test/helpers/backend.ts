import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBackend, type Backend } from '../../src-main/api/backend.js'
import type {
  EventName,
  Events,
  Input,
  MethodName,
  Output
} from '../../src-main/shared/contract.js'
import { tempDir } from './db.js'
import { newPostgresDatabase } from './postgres-db.js'

export const SAMPLES_DIR = fileURLToPath(new URL('../../resources/samples/', import.meta.url))

type Received = { name: EventName; payload: unknown }

/**
 * A backend on a fresh project file (in the store contract suite's PostgreSQL run, a fresh
 * database in the test cluster; or on `project`, a PostgreSQL URL), recording every event it
 * emits.
 */
export function testBackend(project?: string): {
  backend: Backend
  /** The project's file or PostgreSQL URL. */
  dbFile: string
  /** A fresh folder for the test's PDFs, removed on close. */
  dir: string
  events: Received[]
  call<M extends MethodName>(method: M, input: Input<M>): Promise<Output<M>>
  waitFor<E extends EventName>(name: E, test?: (payload: Events[E]) => boolean): Promise<Events[E]>
  /** Adds one PDF with `documents.add`, waits for its job to finish, and gives its id. */
  ingested(file: string): Promise<number>
  close(): Promise<void>
} {
  const dir = tempDir('recto-api-')
  const dbFile =
    project ??
    (process.env['RECTO_TEST_ENGINE'] === 'postgres'
      ? newPostgresDatabase()
      : join(dir.dir, 'review.sqlite'))
  const events: Received[] = []
  const waiters = new Set<(event: Received) => void>()
  const backend = createBackend({
    dbFile,
    author: 'tester',
    emit: (name, payload) => {
      const event = { name, payload }
      events.push(event)
      for (const waiter of waiters) waiter(event)
    }
  })
  const api: ReturnType<typeof testBackend> = {
    backend,
    dbFile,
    dir: dir.dir,
    events,
    async call(method, input) {
      const result = await backend.dispatch(method, input)
      if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`)
      return result.value as never
    },
    waitFor(name, test = () => true) {
      const past = events.find((e) => e.name === name && test(e.payload as never))
      if (past) return Promise.resolve(past.payload as never)
      return new Promise((resolve) => {
        const waiter = (event: Received): void => {
          if (event.name !== name || !test(event.payload as never)) return
          waiters.delete(waiter)
          resolve(event.payload as never)
        }
        waiters.add(waiter)
      })
    },
    async ingested(file) {
      const { jobId } = await api.call('documents.add', { paths: [file] })
      await api.waitFor('job.finished', (job) => job.id === jobId)
      const documents = await api.call('documents.list', {})
      return documents.find((document) => document.path === file)!.id
    },
    async close() {
      await backend.close()
      dir.remove()
    }
  }
  return api
}
