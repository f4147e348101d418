import type { BackendName } from '../ocr/backend-names.js'

/**
 * Which backend reads a run's pages: the one asked for; for null the default (the tesseract
 * program where it is installed, else tesseract.js); for `lines`, `recto repair`'s line reader
 * (tesseract.js for the languages it has, the program for the others).
 */
export type ModelChoice = BackendName | null | 'lines'

/**
 * Why OCR cannot read `languages` on this machine, naming the package that provides each, or null
 * when it can: with its own model, or one of its script standing in (ocr/stand-in.ts, the page
 * noting it). Asked before any work, so that a run missing a model stops at once with that line
 * instead of failing page after page, or after its OCR. Languages found per page (null) are not
 * known before: a page no model can read fails alone, with the same install hint.
 */
export async function missingOcrModel(
  languages: readonly string[] | null,
  choice: ModelChoice
): Promise<string | null> {
  if (languages === null) return null
  const { modelFile } = await import('../ocr/models.js')
  const { installHint } = await import('../language/languages.js')
  const { modelsFor } = await import('../ocr/stand-in.js')
  const { TesseractCliBackend } = await import('../ocr/tesseract-cli.js')
  const installed = new TesseractCliBackend().languages()
  // The program hands the languages it lacks to tesseract.js (ocr/backends.ts), so only a run
  // that asked for tesseract.js alone cannot use the program's models.
  const readable = (code: string): boolean =>
    modelFile(code) !== undefined ||
    (choice !== 'tesseract.js' && installed !== null && installed.includes(code))
  const missing = languages.filter((code) => {
    try {
      modelsFor({ hasLanguage: readable }, [code])
      return false
    } catch {
      return true
    }
  })
  if (missing.length === 0) return null
  return missing.map(installHint).join('; ')
}
