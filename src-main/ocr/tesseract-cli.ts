import { spawn, spawnSync } from 'node:child_process'
import type { OcrBackend, OcrLayout, OcrOptions, OcrWord, PageOrientation } from './backend.js'
import { MissingLanguageError, quarterTurn, scriptOfOsd } from '../language/languages.js'
import { withSpaces } from './word-spaces.js'

/** The program's page segmentation modes; its own default (3) is `auto`. */
const PSM_ARGS: Readonly<Record<OcrLayout, readonly string[]>> = {
  auto: [],
  column: ['--psm', '4'],
  line: ['--psm', '7']
}

/**
 * Debian's `tesseract` program (tesseract-ocr 5), when installed: every language installed with
 * it, and about twice as fast as the WASM build. One process per image, reading the PNG on stdin
 * and writing TSV on stdout, so nothing touches the disk. OMP_THREAD_LIMIT=1: left to itself
 * OpenMP starts a thread per core in every process, and pages run seven times slower on 2 cores.
 */
export class TesseractCliBackend implements OcrBackend {
  readonly name = 'tesseract'
  readonly #program: string
  #installed: string[] | null | undefined

  constructor(program = 'tesseract') {
    this.#program = program
  }

  /** The languages this installation can read, or null when the program is not installed. */
  languages(): string[] | null {
    return this.#models()?.filter((code) => code !== 'osd') ?? null
  }

  hasLanguage(code: string): boolean {
    return this.languages()?.includes(code) ?? false
  }

  /** Whether Debian's tesseract-ocr-osd is installed, which detect needs. */
  hasOsd(): boolean {
    return this.#models()?.includes('osd') ?? false
  }

  async recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]> {
    const missing = options.languages.find((code) => !this.hasLanguage(code))
    if (missing !== undefined) throw new MissingLanguageError(missing)
    const languages = options.languages.join('+')
    // Both renderers to stdout, the TSV first: the words, then the text their spaces come from.
    const psm = options.layout === undefined ? [] : PSM_ARGS[options.layout]
    const args = ['-l', languages, '--dpi', String(options.dpi), ...psm, 'tsv', 'txt']
    const out = await this.#run(args, png)
    const { tsv, text } = splitOutput(out)
    return withSpaces(wordsOfTsv(tsv), text)
  }

  /** `--psm 0`: orientation and script only, with Debian's tesseract-ocr-osd (installed with it). */
  async detect(png: Uint8Array, dpi: number): Promise<PageOrientation | null> {
    if (!this.hasOsd()) return null
    try {
      return orientationOf(await this.#run(['--psm', '0', '--dpi', String(dpi)], png))
    } catch {
      // "Too few characters": nothing to tell the orientation by.
      return null
    }
  }

  async close(): Promise<void> {}

  #models(): string[] | null {
    if (this.#installed !== undefined) return this.#installed
    const listed = spawnSync(this.#program, ['--list-langs'], { encoding: 'utf8' })
    this.#installed =
      listed.error || listed.status !== 0
        ? null
        : listed.stdout
            .split('\n')
            .slice(1)
            .map((line) => line.trim())
            .filter((code) => code !== '')
    return this.#installed
  }

  #run(args: readonly string[], png: Uint8Array): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.#program, ['stdin', 'stdout', ...args], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe']
      })
      const out: Buffer[] = []
      const err: Buffer[] = []
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
      child.on('error', (error) => reject(new Error(`tesseract: ${error.message}`)))
      child.on('close', (code) => {
        if (code === 0) return resolve(Buffer.concat(out).toString('utf8'))
        const reason = lastLine(Buffer.concat(err).toString('utf8')) || `exit code ${code}`
        reject(new Error(`tesseract: ${reason}`))
      })
      // A process that dies early closes stdin; the close handler above reports why.
      child.stdin.on('error', () => {})
      child.stdin.end(png)
    })
  }
}

const TSV_ROW = /^(level\t|[1-5]\t\d+\t\d+\t\d+\t\d+\t\d+\t-?\d+\t)/

/** The TSV rows, then the plain text after them: what `tsv txt` writes to one stdout. */
export function splitOutput(out: string): Readonly<{ tsv: string; text: string }> {
  const lines = out.split('\n')
  let rows = 0
  while (rows < lines.length && TSV_ROW.test(lines[rows]!)) rows++
  return { tsv: lines.slice(0, rows).join('\n'), text: lines.slice(rows).join('\n') }
}

/** The program's OSD report: "Rotate: 270", "Script: Latin", each with a confidence line. */
export function orientationOf(report: string): PageOrientation | null {
  const field = (name: string) => new RegExp(`^${name}: (.+)$`, 'm').exec(report)?.[1]?.trim()
  const rotate = field('Rotate')
  const scriptName = field('Script')
  if (rotate === undefined || scriptName === undefined) return null
  return {
    turn: quarterTurn(Number(rotate)),
    turnConfidence: Number(field('Orientation confidence') ?? 0),
    script: scriptOfOsd(scriptName),
    scriptName,
    scriptConfidence: Number(field('Script confidence') ?? 0)
  }
}

/** The last line tesseract wrote to stderr that says something (its warnings come first). */
function lastLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '')
  return lines.at(-1)?.trim() ?? ''
}

/**
 * Tesseract's TSV: one row per page, block, paragraph, line and word (level 5), each with the
 * numbers of its block, paragraph and line within the one above. Paragraphs and lines are
 * numbered page-wide here, in the order the rows come.
 */
export function wordsOfTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = []
  const paragraphs = new Map<string, number>()
  const lines = new Map<string, number>()
  for (const row of tsv.split('\n').slice(1)) {
    const cells = row.split('\t')
    if (cells.length < 12 || cells[0] !== '5') continue
    const [, , block, paragraph, line, , left, top, width, height, conf] = cells.map(Number)
    const text = cells.slice(11).join('\t')
    if (text.trim() === '') continue
    const paragraphKey = `${block}/${paragraph}`
    const lineKey = `${paragraphKey}/${line}`
    if (!paragraphs.has(paragraphKey)) paragraphs.set(paragraphKey, paragraphs.size)
    if (!lines.has(lineKey)) lines.set(lineKey, lines.size)
    words.push({
      text,
      bbox: [left!, top!, left! + width!, top! + height!],
      confidence: conf!,
      block: block! - 1,
      paragraph: paragraphs.get(paragraphKey)!,
      line: lines.get(lineKey)!
    })
  }
  return words
}
