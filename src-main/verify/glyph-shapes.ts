import { readGreyRegion } from '../extract/grey-region.js'
import type { mupdf } from '../extract/mupdf.js'
import { closePdf, openPdf, type PdfFile } from '../extract/open.js'
import { analyzePage } from '../analysis/analyze-page.js'
import type { DocumentAnalysis } from '../analysis/analyze-document.js'
import { fontDicts, namesFont } from '../repair/font-programs.js'
import { lineRecognizer } from '../repair/line-backend.js'
import type { LineRecognizer } from '../repair/recognizer.js'
import type { GlyphShapeMismatch } from '../shared/glyph-shapes.js'
import type { BBox } from '../shared/layout.js'
import { compareReadings, mapDisagrees, type LineReading } from './compare-readings.js'
import { sampleLines, type SampleLine } from './sample-lines.js'
import { layoutsToVerify, suspectFonts, type SuspectReason } from './suspect-fonts.js'

/** Pixels per em of a rendered line, as font repair renders its runs (repair/run-image.ts). */
const PIXELS_PER_EM = 50
const MIN_SCALE = 2
const MAX_SCALE = 8

/** A line recogniser for a Tesseract language, started when first asked for. */
export type RecognizerFor = (language: string) => LineRecognizer

/** What verification did to a document: how many fonts it read back, lines it read, fonts it found wrong. */
export type GlyphVerification = Readonly<{
  analysis: DocumentAnalysis
  fonts: number
  lines: number
  mismatches: readonly GlyphShapeMismatch[]
}>

function languageFor(reason: SuspectReason, fallback: string): string {
  return reason === 'arabic' ? 'ara' : fallback
}

async function readLine(
  file: PdfFile,
  line: SampleLine,
  recognizer: LineRecognizer
): Promise<LineReading> {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, PIXELS_PER_EM / Math.max(1, line.size)))
  const pad = 0.4 * line.size
  const box: BBox = [
    line.bbox[0] - pad,
    line.bbox[1] - pad / 2,
    line.bbox[2] + pad,
    line.bbox[3] + pad / 2
  ]
  const page = file.pdf.loadPage(line.page - 1) as mupdf.PDFPage
  try {
    const png = readGreyRegion(page, box, scale, (pixmap) => pixmap.asPNG().slice())
    return { map: line.text, glyphs: await recognizer.readLine(png, Math.round(72 * scale)) }
  } finally {
    page.destroy()
  }
}

/**
 * The last word on a document's fonts: each font a cheap signal points at (suspect-fonts.ts) has
 * a few of its lines rendered and read by OCR, once per font program (two names of one program
 * share the reading), and where OCR reads other words than the font's map gives, every page
 * drawing with it is analysed again knowing so (checks/glyph-shapes.ts flags it). A document with
 * no suspect font costs a scan of its text, reads no bytes (`bytes` may be a function) and starts
 * no recogniser.
 */
export async function verifyGlyphShapes(
  bytes: Uint8Array | (() => Promise<Uint8Array>),
  analysis: DocumentAnalysis,
  options: Readonly<{ password?: string; language?: string; recognizer?: RecognizerFor }> = {}
): Promise<GlyphVerification> {
  const layouts = layoutsToVerify(analysis.pages)
  const suspects = suspectFonts(layouts)
  if (suspects.size === 0) return { analysis, fonts: 0, lines: 0, mismatches: [] }
  const recognizers = new Map<string, LineRecognizer>()
  const recognizerFor = options.recognizer ?? ((language: string) => lineRecognizer(language))
  const file = openPdf(typeof bytes === 'function' ? await bytes() : bytes, options.password ?? '')
  const verdicts = new Map<string, GlyphShapeMismatch | null>()
  const mismatches: GlyphShapeMismatch[] = []
  let lines = 0
  try {
    const dicts = fontDicts(file.pdf)
    for (const [font, reason] of suspects) {
      const program = dicts.find((dict) => namesFont(font, dict))?.program.id ?? `name:${font}`
      if (!verdicts.has(program)) {
        const language = languageFor(reason, options.language ?? 'eng')
        let recognizer = recognizers.get(language)
        if (!recognizer) {
          recognizer = recognizerFor(language)
          recognizers.set(language, recognizer)
        }
        const readings: LineReading[] = []
        for (const line of sampleLines(layouts, font)) {
          readings.push(await readLine(file, line, recognizer))
          lines++
        }
        const comparison = compareReadings(readings)
        verdicts.set(program, mapDisagrees(comparison) ? { font, reason, ...comparison } : null)
      }
      const verdict = verdicts.get(program)
      if (verdict) mismatches.push({ ...verdict, font })
    }
  } finally {
    closePdf(file)
    for (const recognizer of recognizers.values()) await recognizer.close()
  }
  if (mismatches.length === 0) return { analysis, fonts: verdicts.size, lines, mismatches }
  const pages = analysis.pages.map((page) => {
    const drawn = new Set(
      page.layout.blocks.flatMap((b) => b.lines.flatMap((l) => l.spans.map((s) => s.font)))
    )
    const found = mismatches.filter((m) => drawn.has(m.font))
    if (found.length === 0) return page
    const layout = { ...page.layout, glyphShapes: found }
    return { layout, analysis: analyzePage(layout, analysis.stats) }
  })
  return { analysis: { ...analysis, pages }, fonts: verdicts.size, lines, mismatches }
}
