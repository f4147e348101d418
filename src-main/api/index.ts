import { METHOD_NAMES, isMethodName, type MethodName } from '../shared/contract.js'
import { accountHandlers } from './accounts.js'
import { batchHandlers } from './batches.js'
import { documentHandlers } from './documents.js'
import { exportHandlers } from './exports.js'
import { fontHandlers } from './fonts.js'
import { goldHandlers } from './gold.js'
import type { Handler } from './handler.js'
import { jobHandlers } from './jobs.js'
import { keyingHandlers } from './keyings.js'
import { ocrHandlers } from './ocr.js'
import { vlmHandlers } from './vlm.js'
import { pageHandlers } from './pages.js'
import { planHandlers } from './plan.js'
import { replaceHandlers } from './replace.js'
import { revisionHandlers } from './revisions.js'
import { teachHandlers } from './teach.js'

/** One module per domain; together they must implement the contract exactly once. */
export const HANDLER_MODULES: readonly Readonly<Record<string, unknown>>[] = [
  documentHandlers,
  pageHandlers,
  revisionHandlers,
  goldHandlers,
  exportHandlers,
  jobHandlers,
  fontHandlers,
  ocrHandlers,
  vlmHandlers,
  planHandlers,
  teachHandlers,
  replaceHandlers,
  batchHandlers,
  keyingHandlers,
  accountHandlers
]

export type HandlerTable = { readonly [M in MethodName]: Handler<M> }

/**
 * Merges the domain modules, refusing a method implemented twice, a handler for a method the
 * contract does not list, and a contract method nobody implements: a mismatch fails at start-up,
 * not when a reviewer first clicks the button.
 */
export function handlerTable(
  modules: readonly Readonly<Record<string, unknown>>[] = HANDLER_MODULES
): HandlerTable {
  const table: Record<string, unknown> = {}
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module)) {
      if (!isMethodName(name)) throw new Error(`handler for '${name}', which the contract lacks`)
      if (Object.hasOwn(table, name)) throw new Error(`two handlers for '${name}'`)
      table[name] = handler
    }
  }
  const missing = METHOD_NAMES.filter((name) => !Object.hasOwn(table, name))
  if (missing.length > 0) throw new Error(`no handler for ${missing.join(', ')}`)
  return table as HandlerTable
}
