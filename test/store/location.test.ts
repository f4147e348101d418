import { describe, expect, it } from 'vitest'
import { describeLocation, isPostgresUrl, projectLocation } from '../../src-main/store/location.js'

describe('where a project is', () => {
  it('takes --db first, then RECTO_DB, and tells a PostgreSQL URL from a file', () => {
    const env = { RECTO_DB: 'postgres://u@h/db' }
    expect(projectLocation('a.sqlite', env)).toBe('a.sqlite')
    expect(projectLocation(undefined, env)).toBe('postgres://u@h/db')
    expect(projectLocation(undefined, {})).toBeUndefined()
    expect(projectLocation(undefined, { RECTO_DB: '' })).toBeUndefined()
    expect(isPostgresUrl('postgresql://h/db')).toBe(true)
    expect(isPostgresUrl('POSTGRES://h/db')).toBe(true)
    expect(isPostgresUrl('./postgres.sqlite')).toBe(false)
  })

  it('never prints the password of a URL', () => {
    expect(describeLocation('postgres://ada:s3cr%40t@db.example.org:5433/papers')).toBe(
      'postgres://ada:***@db.example.org:5433/papers'
    )
    expect(describeLocation('postgres://ada@/papers?host=/run/pg')).toBe(
      'postgres://ada@/papers?host=/run/pg'
    )
    expect(describeLocation('/home/ada/review.sqlite')).toBe('/home/ada/review.sqlite')
  })
})
