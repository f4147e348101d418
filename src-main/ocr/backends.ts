import type { OcrBackend, OcrOptions, OcrWord, PageOrientation } from './backend.js'
import type { BackendName } from './backend-names.js'
import { TesseractCliBackend } from './tesseract-cli.js'
import { TesseractJsBackend } from './tesseract-js.js'

/**
 * The Debian program where it is installed, tesseract.js (always there, from npm) elsewhere:
 * on the corpus's scanned pages with a reference both read the same text (mean CER 38.8% and
 * 38.9%, linn 1.0% each), and the program takes half the CPU per page (3.2 s against 6.6 s,
 * `npm run eval -- --ocr`).
 */
export function defaultBackend(): BackendName {
  return new TesseractCliBackend().languages() === null ? 'tesseract.js' : 'tesseract'
}

export function createBackend(name: BackendName): OcrBackend {
  if (name === 'tesseract.js') return new TesseractJsBackend()
  const cli = new TesseractCliBackend()
  if (cli.languages() === null) {
    throw new Error('OCR backend tesseract: the tesseract program is not installed')
  }
  return new ProgramFirst(cli, new TesseractJsBackend())
}

/**
 * The program for the languages installed with it, tesseract.js for those only its npm packages
 * hold: Debian installs tesseract with English alone, and a Czech page found on a machine
 * without tesseract-ocr-ces is read by the npm model rather than refused.
 */
class ProgramFirst implements OcrBackend {
  readonly #program: TesseractCliBackend
  readonly #npm: TesseractJsBackend

  constructor(program: TesseractCliBackend, npm: TesseractJsBackend) {
    this.#program = program
    this.#npm = npm
  }

  get name(): string {
    return this.#program.name
  }

  hasLanguage(code: string): boolean {
    return this.#program.hasLanguage(code) || this.#npm.hasLanguage(code)
  }

  async detect(png: Uint8Array, dpi: number): Promise<PageOrientation | null> {
    if (this.#program.hasOsd()) return this.#program.detect(png, dpi)
    return this.#npm.detect(png, dpi)
  }

  recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]> {
    const own = options.languages.every((code) => this.#program.hasLanguage(code))
    return (own ? this.#program : this.#npm).recognize(png, options)
  }

  async close(): Promise<void> {
    await this.#npm.close()
  }
}
