import type { BackendName } from '../ocr/backend-names.js'

/** Debian's package of a Tesseract language model: chi_sim is tesseract-ocr-chi-sim. */
function debianPackage(code: string): string {
  return `tesseract-ocr-${code.toLowerCase().replaceAll('_', '-')}`
}

/**
 * Which backend reads a run's pages: the one asked for; for null the default (the tesseract
 * program where it is installed, else tesseract.js); for `lines`, `recto repair`'s line reader
 * (tesseract.js for the languages it has, the program for the others).
 */
export type ModelChoice = BackendName | null | 'lines'

/**
 * Why OCR cannot read `languages` on this machine, naming the languages and the Debian packages
 * that provide them, or null when it can. Asked before any work, so that a run missing a model
 * stops at once with that line instead of failing page after page, or after its OCR.
 */
export async function missingOcrModel(
  languages: readonly string[],
  choice: ModelChoice
): Promise<string | null> {
  const { TESSERACT_JS_LANGUAGES } = await import('../ocr/tesseract-js.js')
  const { TesseractCliBackend } = await import('../ocr/tesseract-cli.js')
  const installed = new TesseractCliBackend().languages()
  const backend = choice ?? (installed === null ? 'tesseract.js' : 'tesseract')
  const readable = (code: string): boolean =>
    (backend !== 'tesseract' && TESSERACT_JS_LANGUAGES.includes(code)) ||
    (backend !== 'tesseract.js' && installed !== null && installed.includes(code))
  const missing = languages.filter((code) => !readable(code))
  if (missing.length === 0) return null
  const packages = missing.map(debianPackage).join(' ')
  const what = `no OCR model for ${missing.join(', ')}`
  const jsHas = `tesseract.js has ${TESSERACT_JS_LANGUAGES.join(', ')}`
  if (backend === 'tesseract.js') {
    return `${what} (${jsHas}); Debian's tesseract reads it: apt-get install tesseract-ocr ${packages}`
  }
  if (installed === null) {
    return `${what}: the tesseract program is not installed (apt-get install tesseract-ocr ${packages}; ${jsHas})`
  }
  return `${what}: apt-get install ${packages}`
}
