import { resolve } from 'node:path'
import { exportJsonl } from '../export/jsonl-export.js'
import { exportMarkdown } from '../export/markdown-export.js'
import { exportPageXml } from '../export/page-xml-export.js'
import type { ExportFormat, ExportSummary } from '../shared/contract.js'
import { projectStem } from '../store/location.js'
import type { Context } from './context.js'
import { progressEmitter } from './export-progress.js'
import type { Handlers } from './handler.js'

/**
 * Where each export goes unless the reviewer names another place: named after the project, as
 * the gold folder is, so two projects in one folder never write over each other.
 */
export function defaultTargets(dbFile: string): Record<ExportFormat, string> {
  const stem = projectStem(dbFile)
  return { jsonl: `${stem}.jsonl`, markdown: `${stem}-markdown`, 'page-xml': `${stem}-page-xml` }
}

async function run(format: ExportFormat, target: string, ctx: Context): Promise<ExportSummary> {
  const onProgress = progressEmitter((done, total) =>
    ctx.emit('export.progress', { format, done, total })
  )
  if (format === 'jsonl') {
    const report = await exportJsonl(ctx.db, target, { onProgress })
    return {
      format,
      target: report.file,
      count: report.pages,
      of: 'pages',
      added: report.outcome === 'added' ? 1 : 0,
      changed: report.outcome === 'changed' ? 1 : 0,
      unchanged: report.outcome === 'unchanged' ? 1 : 0,
      errors: []
    }
  }
  const report =
    format === 'markdown'
      ? await exportMarkdown(ctx.db, target, { onProgress })
      : await exportPageXml(ctx.db, target, { onProgress })
  return {
    format,
    target: report.dir,
    count: 'pages' in report ? report.pages : report.documents,
    of: 'pages' in report ? 'pages' : 'documents',
    added: report.added.length,
    changed: report.changed.length,
    unchanged: report.unchanged.length,
    errors: 'errors' in report ? [...report.errors] : []
  }
}

export const exportHandlers: Handlers<'exports.targets' | 'exports.run'> = {
  'exports.targets': (_input, ctx) => defaultTargets(ctx.dbFile),
  'exports.run': ({ format, target }, ctx) => run(format, resolve(target), ctx)
}
