import type { z } from 'zod'
import { ACCOUNT_METHODS } from './contract-accounts.js'
import { DOCUMENT_METHODS } from './contract-documents.js'
import type { EventName } from './contract-events.js'
import { EXPORT_METHODS } from './contract-exports.js'
import { FONT_METHODS } from './contract-fonts.js'
import { JOB_METHODS } from './contract-jobs.js'
import { KEYING_METHODS } from './contract-keying.js'
import { PAGE_METHODS } from './contract-pages.js'
import { REVIEW_METHODS } from './contract-review.js'

export * from './contract-accounts.js'
export * from './contract-documents.js'
export * from './contract-events.js'
export * from './contract-exports.js'
export * from './contract-fonts.js'
export * from './contract-ids.js'
export * from './contract-jobs.js'
export * from './contract-keying.js'
export * from './contract-pages.js'
export * from './contract-review.js'

/**
 * The one API the UI talks to, whatever carries it (Electron IPC or HTTP). Every call is
 * `domain.verb`; the dispatcher validates inputs with these schemas once, and handlers trust them.
 * Each area of the calls has its own file (contract-<area>.ts) with the records it sends; this
 * table lists them all.
 */
export const METHODS = {
  ...DOCUMENT_METHODS,
  ...PAGE_METHODS,
  ...REVIEW_METHODS,
  ...EXPORT_METHODS,
  ...FONT_METHODS,
  ...JOB_METHODS,
  ...KEYING_METHODS,
  ...ACCOUNT_METHODS
} as const

export type MethodName = keyof typeof METHODS
export type Input<M extends MethodName> = z.input<(typeof METHODS)[M]['input']>
export type ParsedInput<M extends MethodName> = z.output<(typeof METHODS)[M]['input']>
export type Output<M extends MethodName> = z.output<(typeof METHODS)[M]['output']>

export const METHOD_NAMES = Object.keys(METHODS) as MethodName[]

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(METHODS, name)
}

export const ERROR_CODES = [
  'unknown-method',
  'invalid-input',
  'not-found',
  'conflict',
  'forbidden',
  'internal'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** How every failure crosses a transport: a code to branch on and words for a person. */
export type RpcError = Readonly<{ code: ErrorCode; message: string }>

export type RpcResult<T> = { ok: true; value: T } | { ok: false; error: RpcError }

/** What the preload exposes as `window.api`, and what the HTTP transport imitates. */
export type BackendBridge = Readonly<{
  invoke(method: string, input: unknown): Promise<RpcResult<unknown>>
  on(event: EventName, listener: (payload: unknown) => void): () => void
}>
