import { readFileSync } from 'node:fs'
import type { Configuration } from 'electron-builder'

/**
 * The keys of build/recto.desktop, the Linux desktop entry (a complete one, which
 * desktop-file-validate accepts as it stands). Exec and Icon are left to electron-builder, which
 * writes them for where each package installs the app. electron-builder and the tests both run
 * from the project's root.
 */
export function desktopEntry(file = 'build/recto.desktop'): Record<string, string> {
  const entry: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const pair = /^([A-Za-z][A-Za-z0-9-]*)=(.*)$/u.exec(line)
    if (pair && pair[1] !== 'Exec' && pair[1] !== 'Icon') entry[pair[1]!] = pair[2]!
  }
  return entry
}

/**
 * Packaging (`npm run dist`), which needs a machine that can download Electron and the
 * packaging tools (TOOLCHAIN.md section 4). better-sqlite3 is rebuilt against Electron's ABI
 * here only; `npm run dist` rebuilds it for Node afterwards, so the tests and the CLI keep
 * working in the same checkout.
 */
const config: Configuration = {
  appId: 'app.recto.review',
  productName: 'Recto',
  copyright: 'Recto authors',
  directories: { output: 'dist', buildResources: 'build' },
  // OCR reads only each @tesseract.js-data package's 4.0.0_best_int model (ocr/models.ts): the
  // legacy models beside them are 236 of the 303 MiB the 35 packages take (not verified in a
  // packaged app: electron-builder cannot run here).
  files: [
    'package.json',
    'out/**/*',
    '!out/**/*.map',
    // The command line's bundle (scripts/bundle-cli.js): the app runs the engine's own files.
    '!out/cli/**',
    '!**/*.d.ts',
    '!node_modules/@tesseract.js-data/*/4.0.0/**'
  ],
  // The sample corpus opened on first start sits beside app.asar (process.resourcesPath).
  extraResources: [{ from: 'resources/samples', to: 'samples', filter: ['*.pdf'] }],
  asar: true,
  // Native and WASM code is loaded from real files: mupdf finds its .wasm next to mupdf.js.
  // tesseract.js starts its worker and reads its WASM and models from real files (not verified
  // in a packaged app, like mupdf's).
  asarUnpack: [
    'node_modules/mupdf/**',
    'node_modules/better-sqlite3/**',
    'node_modules/tesseract.js/**',
    'node_modules/tesseract.js-core/**',
    'node_modules/@tesseract.js-data/**'
  ],
  npmRebuild: true,
  // The icons are drawn by scripts/make-icons.ts (npx tsx scripts/make-icons.ts).
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'build/icons',
    category: 'Office',
    desktop: { entry: desktopEntry() },
    maintainer: 'Recto authors <recto@example.invalid>'
  },
  deb: { depends: ['libnss3', 'libgtk-3-0'] },
  mac: { target: ['dmg'], icon: 'build/icon.icns', category: 'public.app-category.productivity' },
  dmg: { title: 'Recto' },
  win: { target: ['nsis'], icon: 'build/icon.ico' },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false }
}

export default config
