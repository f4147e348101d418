import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

let cached: Readonly<{ folder: string; version: string }> | undefined

/**
 * The folder of Recto's own package.json and its version, found in the folders above this module:
 * it runs from src-main/ (tests), out/src-main/ (the engine, its threads, the desktop app) and
 * out/cli/ (the command line's bundle), so no fixed number of `..` reaches the package from all.
 */
function findPackage(): Readonly<{ folder: string; version: string }> {
  if (cached) return cached
  let folder = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (pkg.name === 'recto' && typeof pkg.version === 'string') {
        return (cached = { folder, version: pkg.version })
      }
    } catch {
      // No package.json here, or not one that parses: look further up.
    }
    const up = dirname(folder)
    if (up === folder) {
      throw new Error(`Recto's package.json was not found above ${import.meta.url}`)
    }
    folder = up
  }
}

/** The folder holding Recto's package.json (the repository, or the packaged app's root). */
export function packageRoot(): string {
  return findPackage().folder
}

/** The version in Recto's package.json. */
export function packageVersion(): string {
  return findPackage().version
}
