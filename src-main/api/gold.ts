import { resolve } from 'node:path'
import { goldEntries } from '../export/gold-entries.js'
import { exportGold } from '../export/gold-export.js'
import { scoreGoldFolder } from '../score/run-score.js'
import { ScoreReport } from '../shared/contract.js'
import { projectStem } from '../store/location.js'
import { progressEmitter } from './export-progress.js'
import type { Handlers } from './handler.js'

/**
 * `review-gold/` beside `review.sqlite`: named after the project, so two projects in one folder
 * never share a gold folder (an export removes the entries its own project no longer has).
 */
export function defaultGoldDir(dbFile: string): string {
  return `${projectStem(dbFile)}-gold`
}

export const goldHandlers: Handlers<'gold.entries' | 'gold.export' | 'gold.score'> = {
  'gold.entries': ({ limit }, ctx) => {
    const { total, items } = goldEntries(ctx.db, limit)
    return {
      defaultDir: defaultGoldDir(ctx.dbFile),
      total,
      items: items.map((item) => ({ ...item, flags: [...item.flags] }))
    }
  },
  'gold.export': async ({ dir, perDocument }, ctx) => {
    const report = await exportGold(ctx.db, resolve(dir), {
      perDocument,
      onProgress: progressEmitter((done, total) => ctx.emit('gold.progress', { done, total }))
    })
    return {
      dir: report.dir,
      entries: report.entries,
      added: [...report.added],
      changed: [...report.changed],
      unchanged: [...report.unchanged],
      removed: [...report.removed],
      errors: [...report.errors],
      awaitingAdjudication: [...report.awaitingAdjudication]
    }
  },
  'gold.score': async ({ dir }, ctx) => {
    // The engine's result is deeply readonly; the contract's schema copies it into the reply.
    return ScoreReport.parse(await scoreGoldFolder(resolve(dir), ctx.db, []))
  }
}
