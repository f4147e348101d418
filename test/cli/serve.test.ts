import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { recto } from '../helpers/cli.js'
import { tempDir } from '../helpers/db.js'

const dir = tempDir('recto-serve-cli-')

afterAll(() => dir.remove())

describe('recto serve', () => {
  it('says in one line why its backend cannot open the database, exit 1', () => {
    const dbFile = join(dir.dir, 'missing', 'review.sqlite')
    const result = recto('serve', '--db', dbFile, '--port', '0')
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.startsWith(`recto: ${dbFile}: `)).toBe(true)
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1)
  })

  it('refuses a port that is no port number as a usage error', () => {
    const result = recto('serve', '--db', join(dir.dir, 'review.sqlite'), '--port', 'http')
    expect(result.status).toBe(2)
    expect(result.stderr).toBe("recto: --port must be a port number, not 'http'\n")
  })
})
