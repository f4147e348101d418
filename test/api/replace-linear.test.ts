import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../../src-main/api/backend.js'
import { startBackendThread } from '../../src-main/api/backend-thread.js'
import type { EventName } from '../../src-main/shared/contract.js'
import { tempDir } from '../helpers/db.js'
import { saved, textDocument } from '../helpers/hostile-pdfs.js'

/**
 * A reviewer's regular expression runs on the backend's thread, which answers every reviewer:
 * one that takes JavaScript's engine minutes must not hold up anybody's next call.
 */
const dir = tempDir('recto-replace-linear-')
let finished: () => void
const ingested = new Promise<void>((resolve) => (finished = resolve))
let backend: Backend

// 23 a's on one line: `(.*a){25}` tries every way of splitting the line among 25 groups in
// JavaScript's backtracking engine (10 s on this machine; each further a doubles it) before it
// finds no match.
const LINE =
  'Ana has a papaya and a banana; Sara paints a canvas in a gallery in Alabama, says Moe.'

beforeAll(async () => {
  const pdf = join(dir.dir, 'fruit.pdf')
  writeFileSync(pdf, saved(textDocument([LINE])))
  backend = await startBackendThread({
    dbFile: join(dir.dir, 'review.sqlite'),
    author: 'tester',
    emit: (name: EventName) => {
      if (name === 'job.finished') finished()
    }
  })
  await backend.dispatch('documents.add', { paths: [pdf] })
  await ingested
})

afterAll(async () => {
  await backend.close()
  dir.remove()
})

/** The call's answer, or 'no answer' when it takes longer than `ms`. */
function within<T>(ms: number, answer: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms)
  })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

describe('a regular expression from a reviewer', () => {
  it('answers at once and holds up no other call', async () => {
    const query = { pattern: '(.*a){25}', regex: true, caseSensitive: true }
    const find = backend.dispatch('replace.find', { query })
    const list = backend.dispatch('documents.list', {})
    expect(await within(2000, list)).toMatchObject({ ok: true, value: [{ name: 'fruit.pdf' }] })
    expect(await within(2000, find)).toEqual({
      ok: true,
      value: { matches: [], pages: 0, truncated: false }
    })
    const fewer = { pattern: '(.*a){23}', regex: true, caseSensitive: true }
    const found = await within(2000, backend.dispatch('replace.find', { query: fewer }))
    expect(found).toMatchObject({ ok: true, value: { pages: 1 } })
  })

  it('refuses what RE2 cannot run in linear time, in one line', async () => {
    const query = { pattern: '(a)\\1', regex: true, caseSensitive: true }
    expect(await backend.dispatch('replace.find', { query })).toEqual({
      ok: false,
      error: {
        code: 'invalid-input',
        message: '(a)\\1: error parsing regexp: invalid escape sequence: `\\1`'
      }
    })
  })
})
