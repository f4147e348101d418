import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../src-main/api/backend.js'
import { startBackendThread } from '../../src-main/api/backend-thread.js'
import type { EventName } from '../../src-main/shared/contract.js'
import { SAMPLES_DIR } from '../helpers/backend.js'
import { tempDir } from '../helpers/db.js'

const dir = tempDir('recto-thread-')
const events: { name: EventName; payload: unknown }[] = []
let backend: Backend

beforeAll(async () => {
  backend = await startBackendThread({
    dbFile: join(dir.dir, 'review.sqlite'),
    author: 'tester',
    emit: (name, payload) => events.push({ name, payload })
  })
})

afterAll(async () => {
  await backend?.close()
  dir.remove()
})

describe('the backend on its own thread', () => {
  it('ingests, pushes events across the thread, and answers like the in-process one', async () => {
    const added = await backend.dispatch('documents.add', { paths: [SAMPLES_DIR] })
    expect(added.ok).toBe(true)
    await expect
      .poll(() => events.some((e) => e.name === 'job.finished'), { timeout: 30_000 })
      .toBe(true)
    const listed = await backend.dispatch('documents.list', {})
    expect(listed.ok && (listed.value as unknown[]).length).toBe(4)
    const page = await backend.dispatch('pages.get', { documentId: 1, pageNo: 1 })
    expect(page).toMatchObject({ ok: true, value: { documentId: 1, pageNo: 1 } })
  })

  it('refuses bad input with {code, message}', async () => {
    expect(await backend.dispatch('pages.get', { documentId: 'one' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' }
    })
    expect(await backend.dispatch('no.such', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-method' }
    })
  })

  it('answers calls made at the same time, each with its own result', async () => {
    // Ids follow the order files finish hashing, which two workers do not fix: find the
    // three-page sample by name.
    const listed = await backend.dispatch('documents.list', {})
    const documents = (listed.ok ? listed.value : []) as Array<{ id: number; name: string }>
    const documentId = documents.find((d) => d.name === 'running-headers.pdf')?.id
    const results = await Promise.all(
      [1, 2, 3].map((pageNo) => backend.dispatch('pages.get', { documentId, pageNo }))
    )
    expect(results.map((r) => r.ok && (r.value as { pageNo: number }).pageNo)).toEqual([1, 2, 3])
  })
})

describe('a backend thread that cannot open its database', () => {
  it('fails to start with the reason', async () => {
    await expect(
      startBackendThread({ dbFile: join(dir.dir, 'missing', 'dir', 'x.sqlite'), emit: () => {} })
    ).rejects.toThrow(/directory does not exist|unable to open/i)
  })
})
