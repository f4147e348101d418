import { describe, expect, it } from 'vitest'
import { statement } from '../../src-main/store/statements.js'
import { memoryDb } from '../helpers/db.js'

describe('statement', () => {
  it('compiles a query once per connection and runs it with new values each time', () => {
    const db = memoryDb()
    const other = memoryDb()
    const sql = 'SELECT ? + 1 AS n'
    expect(statement(db, sql)).toBe(statement(db, sql))
    expect(statement(other, sql)).not.toBe(statement(db, sql))
    expect(statement(db, sql).get(1)).toEqual({ n: 2 })
    expect(statement(db, sql).get(41)).toEqual({ n: 42 })
    db.close()
    other.close()
  })
})
