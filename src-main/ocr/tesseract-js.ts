import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js'
import type { OcrBackend, OcrLayout, OcrOptions, OcrWord, PageOrientation } from './backend.js'
import { MissingLanguageError, quarterTurn, scriptOfOsd } from '../language/languages.js'
import { modelFile, osdFolder } from './models.js'
import { withSpaces } from './word-spaces.js'

/**
 * A folder holding the models of `languages` under the names tesseract.js looks for: it reads
 * every model of a worker from one langPath, and its way of handing over models as bytes names
 * the language by its bytes when it initialises. Links, so nothing is copied; gzipped or not,
 * tesseract.js tells by the bytes.
 */
function modelFolder(languages: readonly string[]): string {
  const files = languages.map((code) => {
    const file = modelFile(code)
    if (file === undefined) throw new MissingLanguageError(code)
    return file
  })
  const folder = mkdtempSync(join(tmpdir(), 'recto-models-'))
  files.forEach((file, i) => symlinkSync(file, join(folder, `${languages[i]}.traineddata`)))
  return folder
}

/**
 * Tesseract's page segmentation mode for each layout. Its library defaults to one uniform block
 * (its program to AUTO): columns would be read across, line by line, and a heading beside the
 * title dropped (linn: CER 37%).
 */
const PAGE_SEGMENTATION: Readonly<Record<OcrLayout, PSM>> = {
  auto: PSM.AUTO,
  column: PSM.SINGLE_COLUMN,
  line: PSM.SINGLE_LINE
}

/** Workers kept at once, besides the one for orientation: each holds its models in memory. */
const KEPT = 2

/** Ends a worker; one that failed to start has nothing to end. */
async function terminated(worker: Promise<Worker> | null): Promise<void> {
  const started = await worker?.catch(() => null)
  await started?.terminate()
}

/**
 * Tesseract compiled to WASM (tesseract.js 7), which runs on a worker thread of its own. The
 * models are read from the npm packages (or Debian's tessdata), so nothing is fetched, and nothing
 * is cached on disk (cacheMethod none: by default tesseract.js writes the model into the working
 * directory). The workers of the last KEPT sets of languages are kept: a page found Czech is
 * tried in English first, then read in Czech, page after page, and starting a worker loads its
 * model again (0.2 s for eng, more for the CJK models). Orientation and script detection runs on
 * a worker of its own, with Tesseract's legacy engine (the only one the osd model is for),
 * started on first use.
 */
export class TesseractJsBackend implements OcrBackend {
  readonly name = 'tesseract.js'
  /** Workers by their languages ('deu+eng'), the one used last at the end. */
  readonly #workers = new Map<string, Promise<Worker>>()
  #osd: Promise<Worker> | null = null

  hasLanguage(code: string): boolean {
    return modelFile(code) !== undefined
  }

  async recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]> {
    const worker = await this.#start(options.languages)
    await worker.setParameters({
      tessedit_pageseg_mode: PAGE_SEGMENTATION[options.layout ?? 'auto'],
      user_defined_dpi: String(options.dpi)
    })
    const { data } = await worker.recognize(Buffer.from(png), {}, { blocks: true, text: true })
    return withSpaces(wordsOf(data), data.text)
  }

  async detect(png: Uint8Array, dpi: number): Promise<PageOrientation | null> {
    const worker = await (this.#osd ??= this.#startOsd())
    await worker.setParameters({ user_defined_dpi: String(dpi) })
    const { data } = await worker.detect(Buffer.from(png))
    if (data.orientation_degrees === null || data.script === null) return null
    return {
      turn: quarterTurn(data.orientation_degrees),
      turnConfidence: data.orientation_confidence ?? 0,
      script: scriptOfOsd(data.script),
      scriptName: data.script,
      scriptConfidence: data.script_confidence ?? 0
    }
  }

  async start(languages: readonly string[]): Promise<void> {
    await this.#start(languages)
  }

  async close(): Promise<void> {
    const workers = [...this.#workers.values(), this.#osd]
    this.#workers.clear()
    this.#osd = null
    for (const worker of workers) await terminated(worker)
  }

  async #start(languages: readonly string[]): Promise<Worker> {
    const key = languages.join('+')
    const kept = this.#workers.get(key)
    if (kept) {
      this.#workers.delete(key)
      this.#workers.set(key, kept)
      return kept
    }
    const langPath = modelFolder(languages)
    const worker = createWorker(key, OEM.LSTM_ONLY, {
      langPath,
      cacheMethod: 'none',
      gzip: false,
      // Failures reach the caller as rejections; without a handler they are thrown again, uncaught.
      errorHandler: () => {}
    })
    // The models are in the worker's memory once it has started: the links can go.
    void worker.then(
      () => rmSync(langPath, { recursive: true, force: true }),
      () => rmSync(langPath, { recursive: true, force: true })
    )
    this.#workers.set(key, worker)
    for (const [old, oldest] of this.#workers) {
      if (this.#workers.size <= KEPT) break
      this.#workers.delete(old)
      await terminated(oldest)
    }
    return this.#dropOnFailure(worker, (failed) => {
      if (this.#workers.get(key) === failed) this.#workers.delete(key)
    })
  }

  #startOsd(): Promise<Worker> {
    const osd = createWorker('osd', OEM.TESSERACT_ONLY, {
      langPath: osdFolder(),
      cacheMethod: 'none',
      gzip: true,
      legacyCore: true,
      legacyLang: true,
      errorHandler: () => {}
    })
    return this.#dropOnFailure(osd, (failed) => {
      if (this.#osd === failed) this.#osd = null
    })
  }

  /** A worker that failed to start is dropped, so the next page tries a new one. */
  #dropOnFailure(
    worker: Promise<Worker>,
    drop: (failed: Promise<Worker>) => void
  ): Promise<Worker> {
    void worker.catch(() => drop(worker))
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
