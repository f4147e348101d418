import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The Electron binary of the `electron` package at `pkg`, found the way its index.js finds it
 * but without the download that index.js falls back to (and that fails without the internet);
 * null when it is not there.
 */
export function electronBinary(pkg: string): string | null {
  const pathFile = join(pkg, 'path.txt')
  if (!existsSync(pathFile)) return null
  const relative = readFileSync(pathFile, 'utf8').trim()
  const binary = join(process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? join(pkg, 'dist'), relative)
  return existsSync(binary) ? binary : null
}

/**
 * Electron 45 installs no binary with the package: it is downloaded on first use. This is that
 * download (the package's install.js), its output kept back, so that a machine with the internet
 * gets the desktop app; one without it learns in under a second. Null when it fails.
 */
export function downloadElectron(pkg: string): string | null {
  const result = spawnSync(process.execPath, [join(pkg, 'install.js')], { stdio: 'ignore' })
  return result.status === 0 ? electronBinary(pkg) : null
}
