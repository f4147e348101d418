/**
 * `npm run eval -- --ocr`: CER of the corpus's scanned pages that have a reference, before OCR
 * (the text layer, often nothing) and after `recto text --ocr` with each backend, and the CPU
 * seconds each backend spends per OCR'd page. Kept out of the default eval: it OCRs about ten
 * pages per backend, a minute or more of CPU.
 */

import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cer } from './eval-cer.js'
import { markdownToText, stripFrontMatter } from './eval-truth.js'

type ScannedReference = Readonly<{
  pdf: string
  /** 1-based pages the reference is of, in order; their texts are joined. */
  pages: readonly number[]
  truth: (truthDir: string) => string
  note: string
}>

const file = (name: string) => (truthDir: string) => readFileSync(join(truthDir, name), 'utf8')

const SCANNED: readonly ScannedReference[] = [
  {
    pdf: 'ocrmypdf__linn.pdf',
    pages: [1],
    truth: file('ocrmypdf__linn.txt'),
    note: 'transcription shipped with the scan'
  },
  ...[1, 2, 3, 4].map((page) => ({
    pdf: 'ocrmypdf__cardinal.pdf',
    pages: [page],
    truth: file(`ocrmypdf__tesseract-cache_cardinal_p00000${page}.txt`),
    note: "OCRmyPDF's cached Tesseract output (machine OCR)"
  })),
  {
    pdf: 'olmocr__edgar_image.pdf',
    pages: [1],
    truth: (dir) => markdownToText(stripFrontMatter(file('olmocr__edgar.md')(dir))),
    note: 'olmOCR Markdown (model output), markup removed'
  },
  {
    pdf: 'pdfbox__PDFBOX-4322-Empty-ToUnicode-reduced.pdf',
    pages: [1],
    truth: file('pdfbox__PDFBOX-4322-Empty-ToUnicode-reduced.pdf.txt'),
    note: 'PDFBox default stripper (an empty /ToUnicode)'
  }
]

const BACKENDS = ['tesseract', 'tesseract.js'] as const

type Run = Readonly<{ pages: string[]; cpuSeconds: number }>

/** `recto text` under GNU time: the page texts, and user+system CPU of the whole process tree. */
function rectoText(repo: string, pdf: string, extra: readonly string[]): Run {
  const cli = join(repo, 'bin', 'recto.js')
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', 'cpu %U %S', process.execPath, cli, 'text', pdf, ...extra],
    { encoding: 'utf8', maxBuffer: 64 << 20 }
  )
  const match = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(run.stderr)
  if (run.status !== 0 || !match) throw new Error(`recto text ${pdf} failed: ${run.stderr}`)
  return { pages: run.stdout.split('\f'), cpuSeconds: Number(match[1]) + Number(match[2]) }
}

const pct = (v: number): string => (v * 100).toFixed(1)

/** The report's lines (Markdown), for PDFs whose name contains `only` when given. */
export function ocrReport(repo: string, corpus: string, only: string | undefined): string[] {
  const references = SCANNED.filter((r) => !only || r.pdf.includes(only))
  const pdfs = [...new Set(references.map((r) => r.pdf))]
  const truthDir = join(corpus, 'truth')
  const runs = new Map<string, Run>()
  const ocrPages = new Map<string, number>()
  for (const pdf of pdfs) {
    const path = join(corpus, 'pdf', pdf)
    process.stderr.write(`ocr eval: ${pdf}\n`)
    runs.set(`text\t${pdf}`, rectoText(repo, path, []))
    const checks = JSON.parse(
      spawnSync(process.execPath, [join(repo, 'bin', 'recto.js'), 'check', path, '--json'], {
        encoding: 'utf8'
      }).stdout
    ) as { decision: string }[]
    ocrPages.set(pdf, checks.filter((c) => c.decision === 'ocr').length)
    for (const backend of BACKENDS) {
      runs.set(`${backend}\t${pdf}`, rectoText(repo, path, ['--ocr', '--ocr-backend', backend]))
    }
  }
  const columns = ['text', ...BACKENDS]
  const out = ['## Scanned pages: CER % before OCR (text layer) and after, per backend', '']
  out.push(`| pdf | pages | reference | ${columns.join(' | ')} |`)
  out.push(`|---|---|---|${columns.map(() => '---:').join('|')}|`)
  const sums = new Map(columns.map((c) => [c, 0]))
  for (const ref of references) {
    const truth = ref.truth(truthDir)
    const cells = columns.map((column) => {
      const pages = runs.get(`${column}\t${ref.pdf}`)!.pages
      const rate = cer(ref.pages.map((p) => pages[p - 1] ?? '').join('\n'), truth)
      sums.set(column, sums.get(column)! + rate)
      return pct(rate)
    })
    out.push(`| ${ref.pdf} | ${ref.pages.join(',')} | ${ref.note} | ${cells.join(' | ')} |`)
  }
  const mean = (c: string) => pct(sums.get(c)! / Math.max(1, references.length))
  out.push(`| mean | | | ${columns.map(mean).join(' | ')} |`, '')
  out.push(
    "CPU seconds per OCR'd page (the OCR run less the plain one, over the pages decided ocr):",
    ''
  )
  out.push("| backend | OCR'd pages | CPU s | CPU s/page |", '|---|---:|---:|---:|')
  for (const backend of BACKENDS) {
    let pages = 0
    let cpu = 0
    for (const pdf of pdfs) {
      pages += ocrPages.get(pdf) ?? 0
      cpu += runs.get(`${backend}\t${pdf}`)!.cpuSeconds - runs.get(`text\t${pdf}`)!.cpuSeconds
    }
    out.push(
      `| ${backend} | ${pages} | ${cpu.toFixed(1)} | ${(cpu / Math.max(1, pages)).toFixed(2)} |`
    )
  }
  out.push('')
  return out
}
