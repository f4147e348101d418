import { describe, expect, it } from 'vitest'
import { migrate, schemaVersion } from '../../../src-main/store/migrate.js'
import { recordVlmUsage, vlmPages, vlmSpent } from '../../../src-main/store/vlm-usage.js'
import { memoryDb } from '../../helpers/db.js'
import { insertDocumentPage } from '../../helpers/migration-rows.js'

describe('migration 0200-vlm-usage', () => {
  it('adds vlm_usage to a version-100 database: every request kept with its cost, summed per run', () => {
    const db = memoryDb(100)
    insertDocumentPage(db)
    migrate(db, undefined, 200)
    expect(schemaVersion(db)).toBe(200)
    const row = {
      documentId: 1,
      page: 1,
      model: 'olmocr',
      reason: null,
      currency: 'USD'
    }
    recordVlmUsage(db, {
      ...row,
      run: 'a',
      outcome: 'failed',
      reason: 'cut',
      inputTokens: 800,
      outputTokens: 4096,
      cost: 0.043
    })
    recordVlmUsage(db, {
      ...row,
      run: 'a',
      outcome: 'read',
      inputTokens: 800,
      outputTokens: 300,
      cost: 0.005
    })
    recordVlmUsage(db, {
      ...row,
      run: 'b',
      outcome: 'read',
      inputTokens: 700,
      outputTokens: 200,
      cost: 0.0037
    })
    expect(vlmSpent(db, 'a')).toEqual([
      {
        pages: 1,
        read: 1,
        requests: 2,
        inputTokens: 1600,
        outputTokens: 4396,
        cost: 0.048,
        currency: 'USD'
      }
    ])
    expect(vlmSpent(db)[0]).toMatchObject({ pages: 1, requests: 3, inputTokens: 2300 })
    expect(vlmPages(db)).toEqual([{ documentId: 1, page: 1 }])
    expect(() =>
      db
        .prepare(
          `INSERT INTO vlm_usage (run, document_id, page_no, model, outcome, input_tokens,
           output_tokens, cost, currency, created_at) VALUES ('c', 1, 1, 'm', 'lost', 0, 0, 0, 'USD', 'now')`
        )
        .run()
    ).toThrow(/CHECK|check constraint/)
    db.prepare('DELETE FROM documents WHERE id = 1').run()
    expect(db.prepare('SELECT count(*) FROM vlm_usage').pluck().get()).toBe(0)
  })
})
