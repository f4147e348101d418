import { UsageError } from './command.js'

/** An option's whole number above zero, or undefined when it was not given. */
export function positiveInteger(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${option} takes a positive whole number`)
  return n
}
