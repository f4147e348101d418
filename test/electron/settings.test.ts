import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  readSettings,
  withRecentDatabase,
  writeSettings
} from '../../src-main/electron/settings.js'
import { tempDir } from '../helpers/db.js'

const dirs: { remove(): void }[] = []
afterEach(() => dirs.splice(0).forEach((d) => d.remove()))

function file(): string {
  const dir = tempDir('recto-settings-')
  dirs.push(dir)
  return join(dir.dir, 'settings.json')
}

describe('desktop settings', () => {
  it('reads a missing or damaged file as a first start', () => {
    const missing = file()
    expect(readSettings(missing)).toEqual({ recentDatabases: [], bounds: null })
    writeFileSync(missing, '{"recentDatabases": [')
    expect(readSettings(missing)).toEqual({ recentDatabases: [], bounds: null })
  })

  it('keeps recent databases, newest first, without repeats', () => {
    let settings = readSettings(file())
    for (const db of ['a.sqlite', 'b.sqlite', 'a.sqlite']) {
      settings = withRecentDatabase(settings, db)
    }
    expect(settings.recentDatabases).toEqual(['a.sqlite', 'b.sqlite'])
    for (let i = 0; i < 20; i++) settings = withRecentDatabase(settings, `${i}.sqlite`)
    expect(settings.recentDatabases).toHaveLength(8)
  })

  it('writes atomically and reads back what it wrote', () => {
    const target = file()
    const bounds = { x: 10, y: 20, width: 1200, height: 800, maximized: false }
    writeSettings(target, { recentDatabases: ['/p/review.sqlite'], bounds })
    expect(readSettings(target)).toEqual({ recentDatabases: ['/p/review.sqlite'], bounds })
    expect(readdirSync(join(target, '..'))).toEqual(['settings.json'])
  })

  it('ignores window bounds too small to be a window', () => {
    const target = file()
    writeFileSync(target, JSON.stringify({ recentDatabases: [], bounds: { width: 5, height: 5 } }))
    expect(readSettings(target).bounds).toBeNull()
  })
})
