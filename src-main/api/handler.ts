import type { MethodName, Output, ParsedInput } from '../shared/contract.js'
import type { Context } from './context.js'

/** Handlers receive input the dispatcher has already validated; they never re-check shapes. */
export type Handler<M extends MethodName> = (
  input: ParsedInput<M>,
  ctx: Context
) => Promise<Output<M>> | Output<M>

export type Handlers<K extends MethodName> = { readonly [M in K]: Handler<M> }
