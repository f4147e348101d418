// OCR throughput and accuracy beside OCRmyPDF, on the same generated scans in the same run:
//   tsx scripts/bench-ocr.ts [--pages 8] [--json]
// The scans are pages of English prose set in Helvetica, scanned at 100 dpi in grey and saved as
// coarse JPEGs, so each page's text is known. Both keep both cores busy: Recto as two `recto text --ocr` processes, each
// on half of the pages, OCRmyPDF with `--jobs 2`. Each is timed from outside, start-up included;
// CER per page against the text set on it (src-main/score/), the mean over the pages.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { mupdf } from '../src-main/extract/mupdf.js'
import { characterErrorRate } from '../src-main/error-rate/error-rate.js'
import { PROSE } from '../test/helpers/prose.js'

const { values } = parseArgs({
  options: { pages: { type: 'string', default: '8' }, json: { type: 'boolean', default: false } }
})
const pageCount = Number(values.pages)
const repo = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'recto-bench-ocr-'))

/** The prose cut into lines of about 70 characters, at word breaks. */
function proseLines(): string[] {
  const lines: string[] = []
  for (const paragraph of Object.values(PROSE)) {
    let line = ''
    for (const word of paragraph.split(' ')) {
      if (line !== '' && line.length + word.length + 1 > 70) {
        lines.push(line)
        line = word
      } else line = line === '' ? word : `${line} ${word}`
    }
    if (line !== '') lines.push(line)
  }
  return lines
}

const LINES_PER_PAGE = 24

/**
 * A poor office scan: 100 dpi grey saved as a coarse JPEG, whose blurred and blocky letters both
 * engines misread now and then (a clean 300 dpi page reads at CER 0 by both).
 */
const DPI = 100
const JPEG_QUALITY = 25

/** The page's lines: the prose from a different line on each page, round and round. */
function pageLines(page: number, lines: readonly string[]): string[] {
  return Array.from({ length: LINES_PER_PAGE }, (_, i) => lines[(page * 7 + i) % lines.length]!)
}

function literal(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

/** Image-only A4 pages of `pages` (lines each), scanned as an office scanner does, as one PDF. */
function writeScans(file: string, pages: readonly (readonly string[])[]): void {
  const doc = new mupdf.PDFDocument()
  for (const lines of pages) {
    const printed = new mupdf.PDFDocument()
    const font = { Font: { F1: printed.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin') } }
    const shown = lines.map((line, i) => `1 0 0 1 56 ${770 - i * 18} Tm ${literal(line)} Tj`)
    const content = `BT /F1 12 Tf\n${shown.join('\n')}\nET`
    printed.insertPage(-1, printed.addPage([0, 0, 595, 842], 0, printed.addObject(font), content))
    const scale = DPI / 72
    const pixmap = printed
      .loadPage(0)
      .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false)
    const jpeg = new mupdf.Image(pixmap.asJPEG(JPEG_QUALITY))
    const resources = doc.addObject({ XObject: { Im1: doc.addImage(jpeg) } })
    doc.insertPage(
      -1,
      doc.addPage([0, 0, 595, 842], 0, resources, 'q 595 0 0 842 0 0 cm /Im1 Do Q')
    )
  }
  writeFileSync(file, doc.saveToBuffer('compress').asUint8Array())
}

type Timed = { seconds: number; outputs: string[] }

/** Runs the commands side by side, timed together from the first start to the last exit. */
async function together(commands: readonly (readonly string[])[]): Promise<Timed> {
  const start = process.hrtime.bigint()
  const outputs = await Promise.all(
    commands.map(
      ([command, ...args]) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(command!, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] })
          let out = ''
          let err = ''
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')))
          child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
          child.on('error', reject)
          child.on('close', (code) =>
            code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err}`))
          )
        })
    )
  )
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, outputs }
}

function meanCer(truths: readonly string[], texts: readonly string[]): number {
  const rates = truths.map((truth, i) => characterErrorRate(truth, texts[i] ?? '').rate)
  return rates.reduce((sum, r) => sum + r, 0) / rates.length
}

function ocrmypdfVersion(): string | null {
  const found = spawnSync('ocrmypdf', ['--version'], { encoding: 'utf8' })
  return found.status === 0 ? found.stdout.trim() : null
}

try {
  const all = proseLines()
  const pages = Array.from({ length: pageCount }, (_, page) => pageLines(page, all))
  const truths = pages.map((lines) => lines.join('\n'))
  const half = Math.ceil(pageCount / 2)
  const files = [join(dir, 'scans-a.pdf'), join(dir, 'scans-b.pdf')]
  writeScans(files[0]!, pages.slice(0, half))
  writeScans(files[1]!, pages.slice(half))
  const whole = join(dir, 'scans.pdf')
  writeScans(whole, pages)

  const recto = await together(
    files.map((file) => ['node', 'bin/recto.js', 'text', '--ocr', '--ocr-lang', 'eng', file])
  )
  const rectoTexts = recto.outputs.flatMap((out) => out.replace(/\n$/, '').split('\f'))
  const result: Record<string, unknown> = {
    pages: pageCount,
    recto: {
      seconds: recto.seconds,
      pagesPerMinute: (pageCount / recto.seconds) * 60,
      cer: meanCer(truths, rectoTexts)
    }
  }
  const version = ocrmypdfVersion()
  if (version === null) {
    result['ocrmypdf'] = null
  } else {
    const sidecar = join(dir, 'ocrmypdf.txt')
    const out = join(dir, 'ocrmypdf.pdf')
    const run = await together([
      ['ocrmypdf', '--jobs', '2', '--language', 'eng', '--sidecar', sidecar, '--quiet', whole, out]
    ])
    const texts = readFileSync(sidecar, 'utf8').replace(/\n$/, '').split('\f')
    result['ocrmypdf'] = {
      version,
      seconds: run.seconds,
      pagesPerMinute: (pageCount / run.seconds) * 60,
      cer: meanCer(truths, texts)
    }
  }
  if (values.json) console.log(JSON.stringify(result))
  else console.log(result)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
