import type { RpcResult } from '../shared/contract.js'
import type { AuditEntry } from '../store/audit-log.js'
import { ADMIN_METHODS } from './accounts.js'

/** The fields of a call's input a record keeps: what it acted on, never a password or bytes. */
const KEPT = [
  'format',
  'target',
  'dir',
  'name',
  'role',
  'change',
  'jobId',
  'count',
  'seed',
  'perDocument'
] as const

/**
 * The audit log's line for an API call of a shared project, or null for a call it does not
 * keep: every admin method, answered or failed, and every OCR or vision-model reading asked for
 * (a page's text replaced, a model paid for, or a document's or the project's OCR for minutes).
 */
export function auditedCall(
  actor: string,
  method: string,
  input: unknown,
  result: RpcResult<unknown>
): AuditEntry | null {
  const given = (input ?? {}) as Record<string, unknown>
  // Reading the accounts or the log changes nothing: a record of each look would drown the rest.
  if (method === 'accounts.list' || method === 'audit.list' || method === 'reports.team') {
    return null
  }
  if (!ADMIN_METHODS.has(method) && method !== 'pages.ocr' && method !== 'pages.vlm') return null
  const detail: Record<string, unknown> = {}
  for (const key of KEPT) if (given[key] !== undefined) detail[key] = given[key]
  if (Array.isArray(given.paths)) detail.paths = given.paths.length
  if (Array.isArray(given.pages)) detail.pages = given.pages.length
  detail.outcome = result.ok ? 'ok' : `${result.error.code}: ${result.error.message}`
  return {
    actor,
    action: method,
    documentId: typeof given.documentId === 'number' ? given.documentId : null,
    pageNo: typeof given.pageNo === 'number' ? given.pageNo : null,
    detail
  }
}
