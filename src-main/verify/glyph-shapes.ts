import type { PdfFile } from '../extract/open.js'
import { analyzePage } from '../analysis/analyze-page.js'
import type { DocumentAnalysis } from '../analysis/analyze-document.js'
import type { FontDict } from '../repair/font-programs.js'
import type { LineRecognizer } from '../repair/recognizer.js'
import type { GlyphShapeMismatch } from '../shared/glyph-shapes.js'
import type { LayerReading } from '../shared/layer-reading.js'
import {
  compareReadings,
  mapDisagrees,
  type LineReading,
  type ReadingComparison
} from './compare-readings.js'
import { layersToRead, layerTrusted } from './layer-lines.js'
import { readLayer } from './layer-readback.js'
import { lineKey, type LineCrop, type LineCrops } from './line-crop.js'
import { readLine } from './read-line.js'
import type { FontVerdictSource, ReadBackPlan } from './read-back-plan.js'
import { languageFor, LAYER_LANGUAGE } from './reader-language.js'
import { sampleLines } from './sample-lines.js'
import { shapeReader } from './shape-reader.js'
import { fontsDrawn, layoutsToVerify, suspectFonts, type SuspectReason } from './suspect-fonts.js'

/** A line recogniser for a Tesseract language, started when first asked for. */
export type RecognizerFor = (language: string) => LineRecognizer

/** What verification did to a document: how many fonts it read back, lines it read, fonts it found wrong. */
export type GlyphVerification = Readonly<{
  analysis: DocumentAnalysis
  fonts: number
  lines: number
  mismatches: readonly GlyphShapeMismatch[]
  /** The fonts (by the spans' name) whose lines were read back, found wrong or not. */
  read: ReadonlySet<string>
  /** The pages whose invisible OCR layer was read back against their image. */
  layers: ReadonlySet<number>
}>

/**
 * Evidence past which a clear verdict stops the reading of a font's lines: this many words, or
 * letters (Persian and small-capital lines glue their words), compared. Each line saved is
 * 0.1–0.3 s of OCR, where an ingest spends a few milliseconds on a page.
 */
const SETTLED_WORDS = 12
const SETTLED_LETTERS = 60
/**
 * Letters in agreement past which more lines would not make the map wrong (mapDisagrees wants
 * under 0.6), and below which they would not make it right.
 */
const AGREED_LIKENESS = 0.85
const WRONG_LIKENESS = 0.4

/**
 * Half the letters settle a map the glyphs show almost letter for letter: to bring the whole
 * sample under mapDisagrees' 0.6, the lines not read would have to outweigh these and disagree
 * nearly throughout, which one font program's map does not do on some lines and not on others.
 */
const CLEAR_LETTERS = 30
const CLEAR_LIKENESS = 0.9

function settled(comparison: ReadingComparison, readings: readonly LineReading[]): boolean {
  const letters = readings
    .filter((reading) => reading.glyphs.trim() !== '')
    .reduce((sum, reading) => sum + (reading.map.match(/\p{L}/gu) ?? []).length, 0)
  if (letters >= CLEAR_LETTERS && comparison.likeness >= CLEAR_LIKENESS) return true
  if (comparison.sampled < SETTLED_WORDS && letters < SETTLED_LETTERS) return false
  if (comparison.likeness >= AGREED_LIKENESS) return true
  return comparison.likeness < WRONG_LIKENESS && mapDisagrees(comparison)
}

/**
 * The last word on a document's fonts: each font a cheap signal points at (suspect-fonts.ts) is
 * settled by its program's own tables where they name nearly every letter its map gives and
 * agree on all of them (program-witness.ts: no OCR, no rendering), and otherwise has a few of its
 * lines rendered and read by OCR, once per font program (two names of one program
 * share the reading), and where OCR reads other words than the font's map gives, every page
 * drawing with it is analysed again knowing so (checks/glyph-shapes.ts flags it). Pages whose text
 * is an invisible OCR layer have their doubtful lines read from the image the same way
 * (layer-readback.ts; checks/ocr-layer.ts judges it). A document with no suspect font and no such
 * page costs a scan of its text, reads no bytes (`bytes` may be a function) and starts no
 * recogniser.
 */
export async function verifyGlyphShapes(
  bytes: Uint8Array | (() => Promise<Uint8Array>),
  analysis: DocumentAnalysis,
  options: Readonly<{
    password?: string | readonly string[]
    language?: string
    recognizer?: RecognizerFor
    /** What an ingest worker prepared (read-back-plan.ts); without, all is done here. */
    plan?: ReadBackPlan
  }> = {}
): Promise<GlyphVerification> {
  const layouts = layoutsToVerify(analysis.pages)
  const suspects = suspectFonts(layouts)
  const layers = layersToRead(analysis.pages)
  if (suspects.size === 0 && layers.length === 0) {
    return { analysis, fonts: 0, lines: 0, mismatches: [], read: new Set(), layers: new Set() }
  }
  const recognizers = new Map<string, LineRecognizer>()
  const recognizerFor = options.recognizer ?? shapeReader
  // The file is opened only for what the plan (an ingest worker's) did not prepare, and MuPDF
  // loaded with it: a document fully prepared reads no bytes, and the thread (an ingest's main
  // thread, which serves the app's screens) is not held up by MuPDF's synchronous calls.
  let file: PdfFile | undefined
  let dicts: FontDict[] | undefined
  const opened = async (): Promise<PdfFile> => {
    const { openPdf } = await import('../extract/open.js')
    return (file ??= openPdf(
      typeof bytes === 'function' ? await bytes() : bytes,
      options.password ?? ''
    ))
  }
  const planned = planLookup(options.plan)
  const sourceOf = async (font: string, reason: SuspectReason): Promise<FontVerdictSource> => {
    const known = planned.fonts.get(font)
    if (known) return known
    const { fontDicts } = await import('../repair/font-programs.js')
    const { fontVerdictSource } = await import('./read-back-plan.js')
    return fontVerdictSource((dicts ??= fontDicts((await opened()).pdf)), font, reason)
  }
  const crops: LineCrops = async (line) => {
    const known = planned.crops.get(lineKey(line))
    if (known) return known
    const { drawLineCrop } = await import('./draw-line-crop.js')
    return drawLineCrop(await opened(), line)
  }
  const verdicts = new Map<string, GlyphShapeMismatch | null>()
  const mismatches: GlyphShapeMismatch[] = []
  const readings = new Map<number, LayerReading>()
  let lines = 0
  const recognizerIn = (language: string): LineRecognizer => {
    let recognizer = recognizers.get(language)
    if (!recognizer) {
      recognizer = recognizerFor(language)
      recognizers.set(language, recognizer)
    }
    return recognizer
  }
  try {
    for (const [font, reason] of suspects) {
      const { program, settled: byProgram } = await sourceOf(font, reason)
      if (!verdicts.has(program) && byProgram) verdicts.set(program, null)
      if (!verdicts.has(program)) {
        const recognizer = recognizerIn(languageFor(reason, options.language ?? 'eng'))
        const readings: LineReading[] = []
        let comparison = compareReadings(readings)
        for (const line of sampleLines(layouts, font)) {
          readings.push(await readLine(crops, line, recognizer))
          lines++
          comparison = compareReadings(readings)
          if (settled(comparison, readings)) break
        }
        verdicts.set(program, mapDisagrees(comparison) ? { font, reason, ...comparison } : null)
      }
      const verdict = verdicts.get(program)
      if (verdict) mismatches.push({ ...verdict, font })
    }
    for (const layout of layers) {
      if (layerTrusted(readings.values())) break
      const reading = await readLayer(crops, layout, recognizerIn(LAYER_LANGUAGE))
      lines += reading.lines
      readings.set(layout.page, reading)
    }
  } finally {
    if (file !== undefined) (await import('../extract/open.js')).closePdf(file)
    for (const recognizer of recognizers.values()) await recognizer.close()
  }
  const read = new Set(suspects.keys())
  const done = { fonts: verdicts.size, lines, mismatches, read, layers: new Set(readings.keys()) }
  if (mismatches.length === 0 && readings.size === 0) return { analysis, ...done }
  const pages = analysis.pages.map((page) => {
    const drawn = fontsDrawn(page.layout)
    const found = mismatches.filter((m) => drawn.has(m.font))
    const layerReading = readings.get(page.layout.page)
    if (found.length === 0 && layerReading === undefined) return page
    const layout = {
      ...page.layout,
      ...(found.length === 0 ? {} : { glyphShapes: found }),
      ...(layerReading === undefined ? {} : { layerReading })
    }
    return { layout, analysis: analyzePage(layout, analysis.stats) }
  })
  return { analysis: { ...analysis, pages }, ...done }
}

function planLookup(plan: ReadBackPlan | undefined): Readonly<{
  fonts: ReadonlyMap<string, FontVerdictSource>
  crops: ReadonlyMap<string, LineCrop>
}> {
  return {
    fonts: new Map(plan?.fonts ?? []),
    crops: new Map((plan?.crops ?? []).map(({ key, crop }) => [key, crop]))
  }
}
