// The app icon in build/ (electron-builder's buildResources), drawn by MuPDF from the SVG in
// scripts/icon/artwork.ts:  npx tsx scripts/make-icons.ts
// build/icons/<N>x<N>.png for Linux, build/icon.ico for Windows, build/icon.icns for macOS and
// build/icon.png (512 pixels). Run it again after changing the artwork and commit the result.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { iconPng } from './icon/artwork.js'
import { icnsFile, icoFile } from './icon/containers.js'

export const BUILD_DIR = fileURLToPath(new URL('../build/', import.meta.url))
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]
export const ICNS_SIZES = [16, 32, 64, 128, 256, 512, 1024]

/** Every icon file, by its path under build/. */
export function iconFiles(): Map<string, Uint8Array> {
  const png = new Map(LINUX_SIZES.map((size) => [size, iconPng(size)]))
  const pick = (sizes: readonly number[]): Uint8Array[] => sizes.map((size) => png.get(size)!)
  const files = new Map<string, Uint8Array>()
  for (const [size, bytes] of png) files.set(`icons/${size}x${size}.png`, bytes)
  files.set('icon.png', png.get(512)!)
  files.set('icon.ico', icoFile(pick(ICO_SIZES)))
  files.set('icon.icns', icnsFile(pick(ICNS_SIZES)))
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(join(BUILD_DIR, 'icons'), { recursive: true })
  for (const [name, bytes] of iconFiles()) writeFileSync(join(BUILD_DIR, name), bytes)
  process.stdout.write(`icons written to ${BUILD_DIR}\n`)
}
