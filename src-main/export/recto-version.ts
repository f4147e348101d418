import { readFileSync } from 'node:fs'

let cached: string | undefined

/**
 * The version of the running Recto, from its package.json. The module runs both from src-main/
 * (tests) and from out/src-main/ (the CLI), so the file is looked up in the folders above it.
 */
export function rectoVersion(): string {
  if (cached !== undefined) return cached
  for (let up = '../'; up.length <= 5 * 3; up += '../') {
    try {
      const pkg = JSON.parse(
        readFileSync(new URL(`${up}package.json`, import.meta.url), 'utf8')
      ) as {
        name?: string
        version?: string
      }
      if (pkg.name === 'recto' && typeof pkg.version === 'string') return (cached = pkg.version)
    } catch {
      continue
    }
  }
  return (cached = 'unknown')
}
