import { resolve } from 'node:path'
import { exportGold } from '../export/gold-export.js'
import type { Handlers } from './handler.js'

export const goldHandlers: Handlers<'gold.export'> = {
  'gold.export': async ({ dir }, ctx) => {
    const report = await exportGold(ctx.db, resolve(dir))
    return {
      dir: report.dir,
      entries: report.entries,
      added: [...report.added],
      changed: [...report.changed],
      unchanged: [...report.unchanged],
      removed: [...report.removed],
      errors: [...report.errors]
    }
  }
}
