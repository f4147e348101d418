import type { z } from 'zod'
import type { PageRef } from './contract-ids.js'
import type { ExportFormat } from './contract-exports.js'
import type { JobSnapshot } from './contract-jobs.js'

/** Events the backend pushes to every window or browser tab. */
export type Events = {
  'job.progress': JobSnapshot
  'job.finished': JobSnapshot
  'documents.changed': Record<string, never>
  'page.changed': z.infer<typeof PageRef>
  /** A reviewer of a shared project claimed or released a page (`recto serve` sends it). */
  'claims.changed': Record<string, never>
  /** Pages written so far by a running gold export. */
  'gold.progress': { done: number; total: number }
  /** Pages written so far by a running export of another format. */
  'export.progress': { format: ExportFormat; done: number; total: number }
  /** A menu command of the desktop app that the screen carries out (the focused field decides). */
  'app.command': { command: AppCommand }
}

export const APP_COMMANDS = ['undo', 'redo'] as const
export type AppCommand = (typeof APP_COMMANDS)[number]
export type EventName = keyof Events

/** Pushes one event to every listener, whichever transport carries it. */
export type Emit = <E extends EventName>(event: E, payload: Events[E]) => void
