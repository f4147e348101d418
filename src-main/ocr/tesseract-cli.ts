import { spawn, spawnSync } from 'node:child_process'
import type { OcrBackend, OcrOptions, OcrWord } from './backend.js'

/**
 * Debian's `tesseract` program (tesseract-ocr 5), when installed: every language installed with
 * it, and about twice as fast as the WASM build. One process per image, reading the PNG on stdin
 * and writing TSV on stdout, so nothing touches the disk. OMP_THREAD_LIMIT=1: left to itself
 * OpenMP starts a thread per core in every process, and pages run seven times slower on 2 cores.
 */
export class TesseractCliBackend implements OcrBackend {
  readonly name = 'tesseract'
  readonly #program: string

  constructor(program = 'tesseract') {
    this.#program = program
  }

  /** The languages this installation can read, or null when the program is not installed. */
  languages(): string[] | null {
    const listed = spawnSync(this.#program, ['--list-langs'], { encoding: 'utf8' })
    if (listed.error || listed.status !== 0) return null
    return listed.stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter((code) => code !== '' && code !== 'osd')
  }

  recognize(png: Uint8Array, options: OcrOptions): Promise<readonly OcrWord[]> {
    const args = [
      'stdin',
      'stdout',
      '-l',
      options.languages.join('+'),
      '--dpi',
      String(options.dpi)
    ]
    return new Promise((resolve, reject) => {
      const child = spawn(this.#program, [...args, 'tsv'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe']
      })
      const out: Buffer[] = []
      const err: Buffer[] = []
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
      child.on('error', (error) => reject(new Error(`tesseract: ${error.message}`)))
      child.on('close', (code) => {
        if (code === 0) return resolve(wordsOfTsv(Buffer.concat(out).toString('utf8')))
        const reason = lastLine(Buffer.concat(err).toString('utf8')) || `exit code ${code}`
        reject(new Error(`tesseract: ${reason}`))
      })
      // A process that dies early closes stdin; the close handler above reports why.
      child.stdin.on('error', () => {})
      child.stdin.end(png)
    })
  }

  async close(): Promise<void> {}
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
