import type { ErrorCode, RpcError } from '../shared/contract.js'
import { RevisionError } from '../store/revisions.js'
import { messageOf } from '../shared/error-message.js'

/** A refusal a handler means to give, with the code the UI branches on. */
export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

export function notFound(what: string): AppError {
  return new AppError('not-found', `${what} does not exist`)
}

/** What crosses the transport: never a stack trace, always a code and plain words. */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof AppError) return { code: error.code, message: error.message }
  if (error instanceof RevisionError) return { code: 'invalid-input', message: error.message }
  return { code: 'internal', message: messageOf(error) }
}
