import { z } from 'zod'
import { METHODS, isMethodName, type MethodName, type RpcError } from '../shared/contract.js'

export type ValidInput = Readonly<{ ok: true; method: MethodName; input: unknown }>

/**
 * The dispatcher's gate: a known method and an input its schema accepts, or the error the caller
 * gets back. Never throws, whatever `input` is (the fuzz target `stored` holds it to that).
 */
export function validateInput(
  method: string,
  input: unknown
): ValidInput | Readonly<{ ok: false; error: RpcError }> {
  if (!isMethodName(method)) {
    return { ok: false, error: { code: 'unknown-method', message: `no method '${method}'` } }
  }
  const parsed = METHODS[method].input.safeParse(input)
  if (!parsed.success) {
    return {
      ok: false,
      error: { code: 'invalid-input', message: `${method}: ${z.prettifyError(parsed.error)}` }
    }
  }
  return { ok: true, method, input: parsed.data }
}
