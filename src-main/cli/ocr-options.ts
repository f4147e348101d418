import { BACKEND_NAMES, type BackendName } from '../ocr/backend-names.js'
import { UsageError } from './command.js'

/**
 * The options `text`, `check` and `ingest` share for the OCR step of the cascade. The OCR itself
 * (ocr-analysis.ts, ocr-project.ts) is imported only by a run with --ocr: the cascade brings in
 * tesseract.js and, for `ingest`, the whole analysis, which its main thread otherwise never runs
 * (its workers do): 96 modules instead of 26 before its first worker could start.
 */
export const OCR_OPTIONS = {
  ocr: { type: 'boolean', default: false },
  'ocr-backend': { type: 'string' },
  'ocr-lang': { type: 'string' },
  lang: { type: 'string' }
} as const

export const OCR_HELP = [
  '  --ocr                 repair the fonts whose map is missing or broken from OCR of their',
  '                        glyphs, then read by OCR the pages still unusable (decision ocr)',
  '                        and the pictures of text lines among real text (text_images)',
  `  --ocr-backend <name>  ${BACKEND_NAMES.join(' or ')} (default: tesseract where installed)`,
  '  --ocr-lang <codes>    Tesseract languages, e.g. ces or deu+eng (also --lang); without it',
  '                        each page is read in the language OCR finds for it'
]

/**
 * `backend` null: the default, looked up only when a page needs OCR. `languages` null: found
 * page by page.
 */
export type OcrChoice = Readonly<{
  backend: BackendName | null
  languages: readonly string[] | null
}>

/** The OCR the options ask for, or null without --ocr (then nothing of OCR is even loaded). */
export function ocrChoice(values: {
  ocr?: boolean
  'ocr-backend'?: string
  'ocr-lang'?: string
  lang?: string
}): OcrChoice | null {
  if (!values.ocr) return null
  const asked = values['ocr-backend']
  if (asked !== undefined && !(BACKEND_NAMES as readonly string[]).includes(asked)) {
    throw new UsageError(`--ocr-backend: '${asked}' is not one of ${BACKEND_NAMES.join(', ')}`)
  }
  const backend = (asked as BackendName | undefined) ?? null
  const given = values['ocr-lang'] ?? values.lang
  if (given === undefined) return { backend, languages: null }
  const languages = given.split('+').filter((code) => code !== '')
  if (languages.length === 0) throw new UsageError('--ocr-lang: no language given')
  const unknown = languages.find((code) => !/^[a-z]{3}(_[a-z]+)?$/.test(code))
  if (unknown !== undefined) {
    throw new UsageError(`--ocr-lang: '${unknown}' is not a Tesseract language code (ces, chi_sim)`)
  }
  return { backend, languages }
}
