import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * Where tesseract.js finds a language's model when its npm package is not installed: Debian's
 * `tesseract-ocr-<lang>` packages (the only offline source of some, Russian among them), or
 * TESSDATA_PREFIX as the tesseract program reads it.
 */
function tessdataFolders(): string[] {
  const folders = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata']
  const prefix = process.env.TESSDATA_PREFIX
  return prefix ? [prefix, join(prefix, 'tessdata'), ...folders] : folders
}

/**
 * The file of a language's model: the npm package's best_int model (LSTM only, gzipped; 2.9 MB
 * for eng), else a tessdata folder's. Undefined when it is nowhere on this machine.
 */
export function modelFile(code: string): string | undefined {
  try {
    const pkg = require.resolve(`@tesseract.js-data/${code}/package.json`)
    const file = join(dirname(pkg), '4.0.0_best_int', `${code}.traineddata.gz`)
    if (existsSync(file)) return file
  } catch {
    // Not installed from npm: look where Debian puts it.
  }
  return tessdataFolders()
    .map((folder) => join(folder, `${code}.traineddata`))
    .find((file) => existsSync(file))
}

/** The folder of the orientation and script model (osd), which only Tesseract's legacy engine reads. */
export function osdFolder(): string {
  return join(dirname(require.resolve('@tesseract.js-data/osd/package.json')), '4.0.0_best_int')
}
