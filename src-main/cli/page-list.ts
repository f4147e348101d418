import { UsageError } from './command.js'

/** `1-3`, `2`, `1,4-6` → sorted distinct 1-based page numbers. */
export function parsePages(spec: string): number[] {
  const pages = new Set<number>()
  for (const part of spec.split(',')) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part)
    const first = Number(match?.[1])
    const last = Number(match?.[2] ?? match?.[1])
    if (!match || first < 1 || last < first) {
      throw new UsageError(`--pages: '${spec}' is not a page list like 1-3 or 2,5`)
    }
    for (let page = first; page <= last; page++) pages.add(page)
  }
  return [...pages].sort((a, b) => a - b)
}
