import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { corpusPdf, REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'
import { SAMPLES_DIR } from '../helpers/backend.js'

/**
 * kill -9 of a real `recto` process at a moment it is writing, then what a user finds on
 * opening the project again: an intact file, every edit the server acknowledged, and an ingest
 * that picks up where it stopped.
 */
/**
 * The second document is long (117 pages), so its document pass commits its analyses over
 * many commits, and the kill that follows the first of them lands inside the pass: with a short
 * one, the whole run could end in the milliseconds between seeing its first page and the kill.
 */
const FILES = [
  corpusPdf('pdfminer__dmca.pdf'),
  corpusPdf('pypdf-samples__GeoTopo-komprimiert.pdf'),
  corpusPdf('pdfbox__PDFBOX-3110-poems-beads.pdf')
]

function readOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true })
}

function rows<T>(file: string, sql: string): T[] {
  const db = readOnly(file)
  try {
    return db.prepare(sql).all() as T[]
  } finally {
    db.close()
  }
}

function integrity(file: string): string {
  const db = new Database(file, { fileMustExist: true })
  try {
    return db.pragma('integrity_check', { simple: true }) as string
  } finally {
    db.close()
  }
}

function count(file: string, sql: string): number {
  let db: Database.Database | undefined
  try {
    db = readOnly(file)
    return db.prepare(sql).pluck().get() as number
  } catch {
    // The file, or its schema, may not be there yet in the first instants of the run.
    return 0
  } finally {
    db?.close()
  }
}

function killed(child: ChildProcess): Promise<NodeJS.Signals | null> {
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal))
  )
  child.kill('SIGKILL')
  return exited
}

async function until(test: () => boolean, child: ChildProcess): Promise<void> {
  while (!test()) {
    if (child.exitCode !== null) throw new Error(`the process ended (${child.exitCode}) first`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((f) => f()))

function project(): string {
  const dir = tempDir('recto-crash-')
  cleanups.push(dir.remove)
  return join(dir.dir, 'project.sqlite')
}

describe('kill -9', () => {
  it('during the document pass of an ingest leaves an intact file that the next ingest completes', async () => {
    const db = project()
    const child = spawn(
      process.execPath,
      ['bin/recto.js', 'ingest', ...FILES, '--db', db, '--workers', '1'],
      {
        cwd: REPO_ROOT,
        stdio: 'ignore'
      }
    )
    cleanups.push(() => child.kill('SIGKILL'))
    // Analysed pages of the second document: the first is done, the second half moved over.
    await until(() => count(db, 'SELECT count(*) FROM pages WHERE document_id = 2') > 0, child)
    expect(await killed(child)).toBe('SIGKILL')
    expect(integrity(db)).toBe('ok')
    const statuses = () =>
      readOnly(db).prepare('SELECT status FROM documents ORDER BY id').pluck().all() as string[]
    expect(statuses()[0]).toBe('done')
    expect(statuses()).not.toEqual(['done', 'done', 'done'])

    const resumed = recto('ingest', ...FILES, '--db', db, '--workers', '1')
    expect(resumed.status).toBe(0)
    expect(integrity(db)).toBe('ok')
    expect(statuses()).toEqual(['done', 'done', 'done'])
    expect(count(db, 'SELECT count(*) FROM extracted_pages')).toBe(0)
    const pages = count(db, 'SELECT sum(page_count) FROM documents')
    expect(count(db, 'SELECT count(*) FROM pages')).toBe(pages)
  })

  it('during a burst of edits through the API keeps every edit the server acknowledged', async () => {
    const db = project()
    expect(recto('ingest', join(SAMPLES_DIR, 'two-column-article.pdf'), '--db', db).status).toBe(0)
    const server = spawn(process.execPath, ['bin/recto.js', 'serve', '--db', db], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit']
    })
    cleanups.push(() => server.kill('SIGKILL'))
    const url = new URL(
      await new Promise<string>((resolve, reject) => {
        let out = ''
        server.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const found = /http:\/\/\S+/.exec(out)
          if (found) resolve(found[0])
        })
        server.on('exit', () => reject(new Error('recto serve ended before printing its URL')))
      })
    )
    const token = url.searchParams.get('token')!
    const call = async (method: string, input: unknown) => {
      const response = await fetch(new URL(`/rpc/${method}`, url.origin), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Recto-Token': token },
        body: JSON.stringify(input)
      })
      const result = (await response.json()) as { ok: boolean; value: { revisionId: number } }
      if (!result.ok) throw new Error(JSON.stringify(result))
      return result.value
    }
    const page = (await call('pages.get', { documentId: 1, pageNo: 1 })) as unknown as {
      state: { order: number[]; excluded: number[] }
    }
    const acknowledged: { id: number; text: string }[] = []
    let stop = false
    // Four writers at once, each saving edits back to back, until the server is killed.
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const text = `edit ${w}.${n}`
        try {
          const state = await call('revisions.save', {
            documentId: 1,
            pageNo: 1,
            order: page.state.order,
            excluded: page.state.excluded,
            blockText: {},
            pageText: text,
            status: 'corrected'
          })
          acknowledged.push({ id: state.revisionId, text })
        } catch {
          return
        }
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    await until(() => acknowledged.length >= 40, server)
    expect(await killed(server)).toBe('SIGKILL')
    stop = true
    await Promise.all(writers)

    expect(integrity(db)).toBe('ok')
    const stored = readOnly(db).prepare('SELECT id, text FROM revisions').all() as {
      id: number
      text: string
    }[]
    const byId = new Map(stored.map((r) => [r.id, r.text]))
    for (const edit of acknowledged) expect(byId.get(edit.id), edit.text).toBe(edit.text)
    const latest = Math.max(...stored.map((r) => r.id))
    const [{ status }] = rows<{ status: string }>(
      db,
      'SELECT status FROM pages WHERE document_id = 1 AND page_no = 1'
    ) as [{ status: string }]
    expect(latest).toBeGreaterThanOrEqual(Math.max(...acknowledged.map((e) => e.id)))
    expect(status).toBe('corrected')
    // The project opens for review again, with the last stored edit as the page's text.
    const reopened = recto('export', '--db', db, '--gold', join(db, '..', 'gold'))
    expect(reopened.status).toBe(0)
  })
})
