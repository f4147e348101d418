import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PageCommits } from '../../src-main/jobs/page-commits.js'
import type { WritableDB } from '../../src-main/store/db.js'
import { openDatabase, openDatabaseReadOnly } from '../../src-main/store/open.js'
import { tempDir } from '../helpers/db.js'

describe('PageCommits', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => {
    vi.useRealTimers()
    cleanups.splice(0).forEach((f) => f())
  })

  function project() {
    const { dir, remove } = tempDir()
    const file = join(dir, 'project.sqlite')
    const db = openDatabase(file)
    db.exec('CREATE TABLE arrivals (n INTEGER NOT NULL)')
    // What another connection (a worker's document pass, a viewer) sees: committed rows only.
    const reader = openDatabaseReadOnly(file)
    cleanups.push(() => {
      reader.close()
      db.close()
      remove()
    })
    const committed = () => reader.prepare('SELECT n FROM arrivals ORDER BY rowid').pluck().all()
    return { db, committed }
  }

  const arrive = (db: WritableDB, n: number) => () => {
    db.prepare('INSERT INTO arrivals (n) VALUES (?)').run(n)
  }

  it('commits the writes of a few milliseconds together, in the order they came', () => {
    vi.useFakeTimers()
    const { db, committed } = project()
    const failures: Error[] = []
    const commits = new PageCommits(db, (error) => failures.push(error))
    commits.add(arrive(db, 1))
    vi.advanceTimersByTime(10)
    commits.add(arrive(db, 2))
    expect(committed()).toEqual([])
    vi.advanceTimersByTime(40)
    expect(committed()).toEqual([1, 2])

    // What must see the writes commits them at once, and nothing is left for the timer.
    commits.add(arrive(db, 3))
    commits.commit()
    expect(committed()).toEqual([1, 2, 3])
    vi.advanceTimersByTime(100)
    expect(committed()).toEqual([1, 2, 3])
    expect(failures).toEqual([])
  })

  it('reports a failed commit and refuses every write after it, keeping what was committed', () => {
    vi.useFakeTimers()
    const { db, committed } = project()
    db.exec(`CREATE TRIGGER full_disk BEFORE INSERT ON arrivals WHEN NEW.n = 3
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`)
    const failures: Error[] = []
    const commits = new PageCommits(db, (error) => failures.push(error))
    commits.add(arrive(db, 1))
    commits.commit()
    commits.add(arrive(db, 2))
    commits.add(arrive(db, 3))
    vi.advanceTimersByTime(50)
    expect(failures.map((e) => e.message)).toEqual(['database or disk is full'])
    // One transaction: it is rolled back whole, its pages were in flight.
    expect(committed()).toEqual([1])
    expect(() => commits.add(arrive(db, 4))).toThrow('database or disk is full')
    expect(() => commits.commit()).toThrow('database or disk is full')
    expect(committed()).toEqual([1])
  })
})
