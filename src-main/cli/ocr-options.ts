import type { DocumentAnalysis } from '../pipeline/analyze-document.js'
import { BACKEND_NAMES, type BackendName } from '../ocr/backends.js'
import { ocrPage } from '../ocr/cascade.js'
import { lazyThread } from '../ocr/lazy-thread.js'
import { UsageError } from './command.js'

/** The options `text`, `check` and `ingest` share for the OCR step of the cascade. */
export const OCR_OPTIONS = {
  ocr: { type: 'boolean', default: false },
  'ocr-backend': { type: 'string' },
  'ocr-lang': { type: 'string', default: 'eng' }
} as const

export const OCR_HELP = [
  '  --ocr                 read the pages whose text layer is unusable (decision ocr) by OCR,',
  '                        and the pictures of text lines among real text (text_images)',
  `  --ocr-backend <name>  ${BACKEND_NAMES.join(' or ')} (default: tesseract where installed)`,
  '  --ocr-lang <codes>    Tesseract languages, e.g. eng (default) or fra+eng'
]

/** `backend` null: the default, looked up only when a page needs OCR. */
export type OcrChoice = Readonly<{ backend: BackendName | null; languages: readonly string[] }>

/** The OCR the options ask for, or null without --ocr (then nothing of OCR is even loaded). */
export function ocrChoice(values: {
  ocr?: boolean
  'ocr-backend'?: string
  'ocr-lang'?: string
}): OcrChoice | null {
  if (!values.ocr) return null
  const asked = values['ocr-backend']
  if (asked !== undefined && !(BACKEND_NAMES as readonly string[]).includes(asked)) {
    throw new UsageError(`--ocr-backend: '${asked}' is not one of ${BACKEND_NAMES.join(', ')}`)
  }
  const languages = (values['ocr-lang'] ?? 'eng').split('+').filter((code) => code !== '')
  if (languages.length === 0) throw new UsageError('--ocr-lang: no language given')
  return { backend: (asked as BackendName | undefined) ?? null, languages }
}

/**
 * `text --ocr` and `check --ocr`: the pages that need it OCR'd one by one on the OCR thread, the
 * others left as they are. A page OCR fails on keeps its text layer, with a line on stderr.
 */
export async function ocrAnalysis(
  file: string,
  analysis: DocumentAnalysis,
  choice: OcrChoice
): Promise<DocumentAnalysis> {
  const thread = lazyThread(choice.backend)
  try {
    const pages = []
    for (const page of analysis.pages) {
      try {
        pages.push((await ocrPage(thread.get, file, page, analysis.stats, choice)) ?? page)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        process.stderr.write(`recto: ${file}: page ${page.layout.page}: OCR failed (${reason})\n`)
        pages.push(page)
      }
    }
    return { stats: analysis.stats, pages }
  } finally {
    await thread.close()
  }
}
