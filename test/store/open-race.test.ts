import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src-main/store/migrations/index.js'
import { openDatabaseReadOnly } from '../../src-main/store/open.js'
import { REPO_ROOT } from '../helpers/corpus.js'
import { tempDir } from '../helpers/db.js'

const dir = tempDir('recto-open-race-')
afterAll(() => dir.remove())

/** A process that creates the project `file` (built store) and ends: 0 when it could. */
async function openInProcess(file: string): Promise<{ code: number | null; stderr: string }> {
  const script = `import { openDatabase } from './out/src-main/store/open.js'
openDatabase(${JSON.stringify(file)}).close()`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, stderr }
}

describe('processes opening a new SQLite project at the same moment', () => {
  it('all open it: one creates the schema, the others wait and find it current', async () => {
    for (let round = 0; round < 3; round++) {
      const file = join(dir.dir, `project-${round}.sqlite`)
      const ends = await Promise.all([1, 2, 3, 4].map(() => openInProcess(file)))
      expect(ends).toEqual(ends.map(() => ({ code: 0, stderr: '' })))
      const project = openDatabaseReadOnly(file)
      expect(project.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
      project.close()
    }
  })
})
