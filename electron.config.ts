import type { Configuration } from 'electron-builder'

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
  files: ['package.json', 'out/**/*', '!out/**/*.map', '!**/*.d.ts'],
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
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    maintainer: 'Recto authors <recto@example.invalid>'
  },
  deb: { depends: ['libnss3', 'libgtk-3-0'] },
  mac: { target: ['dmg'], category: 'public.app-category.productivity' },
  dmg: { title: 'Recto' },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true, perMachine: false }
}

export default config
