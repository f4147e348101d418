import { describe, expect, it } from 'vitest'
import { auditRecords, recordAudit } from '../../../src-main/store/audit-log.js'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { memoryDb } from '../../helpers/db.js'

describe('migration 0120-audit-log', () => {
  it('adds audit_log to a version-100 database: records kept by value, newest first', () => {
    const db = memoryDb(100)
    migrate(db, undefined, 120)
    expect(schemaVersion(db)).toBe(120)
    recordAudit(db, { actor: 'ada', action: 'login failed', detail: { address: '10.0.0.7' } })
    recordAudit(
      db,
      { actor: 'root', action: 'documents.remove', documentId: 9, detail: { outcome: 'ok' } },
      new Date('2026-12-05T00:00:00.000Z')
    )
    // No document 9 exists: the record names it, it does not point at it.
    const records = auditRecords(db)
    expect(records.map((r) => [r.actor, r.action, r.documentId, r.pageNo, r.detail])).toEqual([
      ['root', 'documents.remove', 9, null, { outcome: 'ok' }],
      ['ada', 'login failed', null, null, { address: '10.0.0.7' }]
    ])
    expect(records[0]!.at).toBe('2026-12-05T00:00:00.000Z')
    expect(auditRecords(db, { limit: 1, before: records[0]!.id })).toHaveLength(1)
  })
})
