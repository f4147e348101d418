import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js'
import type { OcrBackend, OcrOptions, OcrWord } from './backend.js'

const require = createRequire(import.meta.url)

/** The languages shipped as npm packages: the backend never downloads a model. */
export const TESSERACT_JS_LANGUAGES: readonly string[] = ['eng', 'fra']

/**
 * The folder of a language's best_int model (LSTM only, 2.9 MB for eng), gzipped as its package
 * ships it. One language per worker: tesseract.js 7 reads every model from one langPath, and its
 * way of handing over models as bytes names the language by its bytes when it initialises.
 */
function modelFolder(languages: readonly string[]): string {
  const [language] = languages
  if (languages.length !== 1 || language === undefined) {
    throw new Error(`tesseract.js: one language at a time, not '${languages.join('+')}'`)
  }
  if (!TESSERACT_JS_LANGUAGES.includes(language)) {
    throw new Error(`tesseract.js: no offline model for language '${language}'`)
  }
  const pkg = require.resolve(`@tesseract.js-data/${language}/package.json`)
  return join(dirname(pkg), '4.0.0_best_int')
}

/**
 * Tesseract compiled to WASM (tesseract.js 7), which runs on a worker thread of its own. The
 * models are read from the npm packages, so nothing is fetched, and nothing is cached on disk
 * (cacheMethod none: by default tesseract.js writes the model into the working directory). The
 * worker is kept between pages of the same language: starting one costs about 0.2 s.
 */
export class TesseractJsBackend implements OcrBackend {
  readonly name = 'tesseract.js'
  #worker: Promise<Worker> | null = null
  #languages = ''

  async recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]> {
    const worker = await this.#start(options.languages)
    await worker.setParameters({
      // Tesseract's library defaults to one uniform block (its program to AUTO): columns would
      // be read across, line by line, and a heading beside the title dropped (linn: CER 37%).
      tessedit_pageseg_mode: PSM.AUTO,
      user_defined_dpi: String(options.dpi)
    })
    const { data } = await worker.recognize(Buffer.from(png), {}, { blocks: true, text: false })
    return wordsOf(data)
  }

  async close(): Promise<void> {
    const worker = this.#worker
    this.#worker = null
    this.#languages = ''
    // A worker that failed to start has nothing to terminate.
    const started = await worker?.catch(() => null)
    await started?.terminate()
  }

  async #start(languages: readonly string[]): Promise<Worker> {
    const key = languages.join('+')
    if (this.#worker && this.#languages === key) return this.#worker
    const langPath = modelFolder(languages)
    await this.close()
    this.#languages = key
    this.#worker = createWorker(key, OEM.LSTM_ONLY, {
      langPath,
      cacheMethod: 'none',
      gzip: true,
      // Failures reach the caller as rejections; without a handler they are thrown again, uncaught.
      errorHandler: () => {}
    })
    const worker = this.#worker
    // A worker that failed to start is dropped, so the next page tries a new one.
    worker.catch(() => {
      if (this.#worker === worker) this.#worker = null
    })
    return worker
  }
}

/** Tesseract's block → paragraph → line → word tree, flattened; paragraphs and lines numbered page-wide. */
function wordsOf(page: Page): OcrWord[] {
  const words: OcrWord[] = []
  let paragraphNo = 0
  let lineNo = 0
  for (const [block, { paragraphs }] of (page.blocks ?? []).entries()) {
    for (const { lines } of paragraphs) {
      for (const { words: lineWords } of lines) {
        for (const { text, bbox, confidence } of lineWords) {
          if (text.trim() === '') continue
          const box = [bbox.x0, bbox.y0, bbox.x1, bbox.y1] as const
          words.push({ text, bbox: box, confidence, block, paragraph: paragraphNo, line: lineNo })
        }
        lineNo++
      }
      paragraphNo++
    }
  }
  return words
}
