import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import {
  describeLocation,
  isPostgresUrl,
  projectLocation,
  projectName,
  projectStem
} from '../../src-main/store/location.js'

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
    expect(describeLocation('postgres:///papers?host=/run/pg&password=s3cret&port=5433')).toBe(
      'postgres:///papers?host=/run/pg&password=***&port=5433'
    )
  })

  it("names a project after its file or its database, never after a URL's password", () => {
    expect(projectName('/home/ada/review.sqlite')).toBe('review')
    expect(projectName('postgres://ada:s3cret@db.example.org/papers?sslmode=require')).toBe(
      'papers'
    )
    expect(projectName('postgres://ada:s3cret@/?host=/run/pg', {})).toBe('ada')
    expect(projectName('postgres:///?host=/run/pg', { PGDATABASE: 'corpus' })).toBe('corpus')
    expect(projectName('postgres://h/..%2Fetc%2Fpasswd')).toBe('__etc_passwd')
    expect(projectStem('review.sqlite', '/home/ada')).toBe(join('/home/ada', 'review'))
    expect(projectStem('postgres://ada:s3cret@db/papers', '/srv/recto')).toBe('/srv/recto/papers')
  })
})
