/**
 * The font-map repair section of `npm run eval`: CER of Recto's text on the corpus pages whose
 * fonts have no usable map (missing /ToUnicode, garbled letters), before and after
 * `src-main/repair/`. None of these files has a human transcription, so the reference is a
 * full-page OCR of the rendered page (Debian tesseract, 300 dpi, the page's language): it scores
 * how far the text layer is from what the page shows, not absolute accuracy.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { mupdf } from '../src-main/extract/mupdf.js'
import { openPdf } from '../src-main/extract/open.js'
import { TesseractCliBackend } from '../src-main/ocr/tesseract-cli.js'
import { TesseractJsBackend } from '../src-main/ocr/tesseract-js.js'
import type { OcrBackend } from '../src-main/ocr/backend.js'
import { analyzeDocument } from '../src-main/analysis/analyze-document.js'
import { lineRecognizer } from '../src-main/repair/line-backend.js'
import { programsToRepair, repairDocument } from '../src-main/repair/repair-document.js'
import { fontsToRepair } from '../src-main/repair/targets.js'
import { characterErrorRate } from '../src-main/error-rate/error-rate.js'

/** Failure modes the manifest declares for the files a font-map repair is for. */
const MODES = /tounicode|garbage|garbled|missing-glyphs/i
/** The language of a file's text where it is not English. */
const LANGUAGES: Readonly<Record<string, string>> = { 'pymupdf__test_2791_content.pdf': 'fra' }
/** Pages scored per file (the first ones with a font to repair), to bound the OCR's cost. */
const MAX_PAGES = 8
const REFERENCE_DPI = 300

export type RepairRow = readonly string[]

function pageImage(bytes: Uint8Array, pageNo: number): Uint8Array {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const page = doc.loadPage(pageNo - 1)
    const scale = REFERENCE_DPI / 72
    const pixmap = page.toPixmap(
      mupdf.Matrix.scale(scale, scale),
      mupdf.ColorSpace.DeviceGray,
      false,
      true
    )
    const png = pixmap.asPNG().slice()
    pixmap.destroy()
    page.destroy()
    return png
  } finally {
    doc.destroy()
  }
}

async function reference(
  ocr: OcrBackend,
  bytes: Uint8Array,
  pageNo: number,
  language: string
): Promise<string> {
  const words = await ocr.recognize(pageImage(bytes, pageNo), {
    languages: [language],
    dpi: REFERENCE_DPI
  })
  return words.map((w) => w.text).join(' ')
}

const pct = (x: number): string => (100 * x).toFixed(1)

/**
 * The engine that reads a language's reference: Debian's program where it has the model (about
 * twice as fast), else tesseract.js; null where neither has it. The program is often installed
 * with English only, so one engine for every file would fail on the French one.
 */
function referenceReader(
  language: string,
  cli: TesseractCliBackend,
  js: TesseractJsBackend
): OcrBackend | null {
  if (cli.hasLanguage(language)) return cli
  if (js.hasLanguage(language)) return js
  return null
}

/** Rows of the repair table for the manifest's files (file names), each scored page by page. */
export async function repairSection(corpus: string, files: readonly string[]): Promise<string[]> {
  const cli = new TesseractCliBackend()
  const js = new TesseractJsBackend()
  const readers = new Set<string>()
  const skipped: string[] = []
  const rows: string[][] = []
  let before = 0
  let after = 0
  let scored = 0
  for (const pdf of files) {
    const language = LANGUAGES[pdf] ?? 'eng'
    const ocr = referenceReader(language, cli, js)
    if (ocr === null) {
      rows.push([pdf, '-', '-', '-', '-', `skipped: no OCR model for ${language}`])
      skipped.push(`${pdf} (no OCR model for ${language})`)
      continue
    }
    const bytes = new Uint8Array(readFileSync(join(corpus, 'pdf', pdf)))
    let analysis
    try {
      analysis = analyzeDocument(openPdf(bytes))
    } catch (error) {
      rows.push([pdf, '-', '-', '-', '-', `unreadable: ${String(error)}`])
      skipped.push(`${pdf} (unreadable)`)
      continue
    }
    const layouts = analysis.pages.map((p) => p.layout)
    const pages = analysis.pages
      .filter((p) => fontsToRepair(p.layout).size > 0)
      .map((p) => p.layout.page)
      .slice(0, MAX_PAGES)
    if (pages.length === 0 || programsToRepair(bytes, layouts).size === 0) {
      rows.push([pdf, '0', '-', '-', '-', 'no embedded font program to repair'])
      continue
    }
    const started = performance.now()
    const lines = lineRecognizer(language)
    const repair = await repairDocument(bytes, layouts, lines)
    await lines.close()
    const seconds = (performance.now() - started) / 1000
    const repaired = analyzeDocument(openPdf(repair.bytes))
    let fileBefore = 0
    let fileAfter = 0
    for (const pageNo of pages) {
      const truth = await reference(ocr, bytes, pageNo, language)
      const old = characterErrorRate(truth, analysis.pages[pageNo - 1]!.analysis.text).rate
      const now = characterErrorRate(truth, repaired.pages[pageNo - 1]!.analysis.text).rate
      fileBefore += Math.min(old, 1)
      fileAfter += Math.min(now, 1)
      process.stderr.write(`repair ${pdf} p${pageNo}: CER ${pct(old)} -> ${pct(now)}\n`)
    }
    before += fileBefore
    after += fileAfter
    scored += pages.length
    readers.add(`${ocr.name} for ${language}`)
    const runs = repair.learned.reduce((n, l) => n + l.runs, 0)
    rows.push([
      pdf,
      String(pages.length),
      pct(fileBefore / pages.length),
      pct(fileAfter / pages.length),
      seconds.toFixed(1),
      `${repair.learned.length} fonts, ${runs} lines OCR'd (${language})`
    ])
  }
  await cli.close()
  await js.close()
  rows.push([
    'mean over pages',
    String(scored),
    scored ? pct(before / scored) : '-',
    scored ? pct(after / scored) : '-',
    '',
    ''
  ])
  return [
    '## Font-map repair: CER % before / after on pages with unmapped or garbled fonts',
    '',
    `Reference: full-page OCR of the rendered page (${[...readers].join(', ') || 'none'}, ${REFERENCE_DPI} dpi); repair reads line crops with tesseract.js (src-main/repair/line-backend.ts). Seconds are the whole file's repair.`,
    '',
    ...tableLines(['pdf', 'pages', 'CER before', 'CER after', 's', 'learned'], rows),
    '',
    `Skipped: ${skipped.length > 0 ? skipped.join('; ') : 'nothing'}.`,
    ''
  ]
}

function tableLines(head: readonly string[], rows: readonly RepairRow[]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (r: readonly string[]): string =>
    '| ' +
    r
      .map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join(' | ') +
    ' |'
  return [line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...rows.map(line)]
}

/** The manifest's files declared with a font-map failure. */
export function repairFiles(
  entries: ReadonlyArray<{ pdf: string; modes: readonly string[] }>
): string[] {
  return entries.filter((e) => e.modes.some((m) => MODES.test(m))).map((e) => e.pdf)
}
