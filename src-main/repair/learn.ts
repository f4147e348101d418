import { mupdf } from '../extract/mupdf.js'
import { alignRun, firstAlignment } from './align.js'
import { checkLearnedMap, type Dispute } from './check-learned-map.js'
import { fontEvidence } from './font-evidence.js'
import { fontDicts, type FontProgram } from './font-programs.js'
import { glyphRuns, type GlyphRun } from './glyph-runs.js'
import type { LineRecognizer } from './recognizer.js'
import { mappedCodes } from './mapped-codes.js'
import { GLYPH_SIDE_PAD, renderRun } from './run-image.js'
import type { RunReading } from './run-reading.js'
import { CodeVotes, type CodeReading } from './votes.js'
import { withLigatures } from './ligature-codes.js'

/** What was learned about one font program: each code's text, with its votes. */
export type LearnedMap = Readonly<{
  program: FontProgram
  readings: readonly CodeReading[]
  /** Readings OCR gave that the font's own evidence corrected or left out. */
  disputes: readonly Dispute[]
  /** Runs recognised to learn it. */
  runs: number
  /** One sighting of each code rendered alone (PNG), for the reviewer to check the map against. */
  glyphs: ReadonlyMap<number, Uint8Array>
}>

/**
 * A run is recognised only while it brings evidence: it holds a code seen fewer times than this
 * in the runs already chosen.
 */
const WANTED_SIGHTINGS = 4
/** At most this many runs per program are recognised (a line costs about 0.1–0.3 s). */
const MAX_RUNS = 150
/** Shorter runs give Tesseract too little context to read reliably. */
const MIN_RUN = 3
/**
 * Errors per glyph above which a run's votes are not counted (a misread line); one error is
 * always allowed, so a short run that lost a character to recognition still votes.
 */
const MAX_ERRORS_PER_GLYPH = 0.15
/** A code drawn with ink in fewer than this share of its sightings is a space. */
const SPACE_INK = 0.2

/**
 * How a long learning run reports and stops: the lines recognised of those sampled, after each,
 * and a signal that stops it before the next line (nothing learned is kept then).
 */
export type LearnProgress = Readonly<{
  signal?: AbortSignal
  onLines?: (done: number, total: number) => void
}>

/** Chooses, page by page, the runs that still bring a code's missing sightings. */
export function sampleRuns(runs: readonly GlyphRun[]): GlyphRun[] {
  const sightings = new Map<string, Map<number, number>>()
  const chosen = new Map<string, number>()
  const out: GlyphRun[] = []
  for (const run of runs) {
    if (run.codes.length < MIN_RUN) continue
    const taken = chosen.get(run.program) ?? 0
    if (taken >= MAX_RUNS) continue
    let seen = sightings.get(run.program)
    if (!seen) {
      seen = new Map()
      sightings.set(run.program, seen)
    }
    if (!run.codes.some((code) => (seen.get(code) ?? 0) < WANTED_SIGHTINGS)) continue
    for (const code of run.codes) seen.set(code, (seen.get(code) ?? 0) + 1)
    chosen.set(run.program, taken + 1)
    out.push(run)
  }
  return out
}

/** Renders and recognises the sampled runs of one document's programs. */
export async function readRuns(
  bytes: Uint8Array,
  programs: ReadonlySet<string>,
  recognizer: LineRecognizer,
  progress: LearnProgress = {}
): Promise<{
  programs: FontProgram[]
  readings: RunReading[]
  glyphs: Map<string, Map<number, Uint8Array>>
}> {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    if (!pdf) return { programs: [], readings: [], glyphs: new Map() }
    const dicts = fontDicts(pdf).filter((dict) => programs.has(dict.program.id))
    const found = new Map(dicts.map((dict) => [dict.program.id, dict.program]))
    const sample = sampleRuns(glyphRuns(bytes, programs, dicts))
    const readings: RunReading[] = []
    const glyphs = new Map<string, Map<number, Uint8Array>>()
    let pageNo = 0
    let page: mupdf.PDFPage | null = null
    progress.onLines?.(0, sample.length)
    try {
      for (const run of sample) {
        progress.signal?.throwIfAborted()
        if (run.page !== pageNo) {
          page?.destroy()
          page = pdf.loadPage(run.page - 1) as mupdf.PDFPage
          pageNo = run.page
        }
        const image = renderRun(page!, run)
        const text = await recognizer.readLine(image.png, image.dpi)
        readings.push({ run, inked: image.inked, chars: [...text.replace(/\s+/g, '')] })
        let own = glyphs.get(run.program)
        if (!own) {
          own = new Map()
          glyphs.set(run.program, own)
        }
        for (let i = 0; i < run.codes.length; i++) {
          const code = run.codes[i]!
          if (own.has(code) || !image.inked[i]) continue
          own.set(code, renderRun(page!, glyphOf(run, i), GLYPH_SIDE_PAD).png)
        }
        progress.onLines?.(readings.length, sample.length)
      }
    } finally {
      page?.destroy()
    }
    return { programs: [...found.values()], readings, glyphs }
  } finally {
    doc.destroy()
  }
}

/** The i-th glyph of a run as a run of its own. */
function glyphOf(run: GlyphRun, i: number): GlyphRun {
  const x0 = run.charX[2 * i] ?? 0
  const x1 = run.charX[2 * i + 1] ?? 0
  return {
    ...run,
    codes: [run.codes[i]!],
    charX: [x0, x1],
    bbox: [x0, run.bbox[1], x1, run.bbox[3]]
  }
}

function inkedCodes(reading: RunReading): number[] {
  return reading.run.codes.filter((_, i) => reading.inked[i])
}

/**
 * Votes code → text over every reading of a program: first from the runs whose inked glyphs and
 * recognised characters are as many, or one apart (align.ts firstAlignment), then over all runs aligned
 * against that first map, twice, so codes seen only in misread or ligature runs are placed
 * between known anchors. A code that is almost never inked is a space; a ligature read as its
 * last letter stands for all of them (ligature-codes.ts).
 */
export function inferMap(readings: readonly RunReading[]): CodeReading[] {
  const first = new CodeVotes()
  for (const reading of readings) {
    const pairs = firstAlignment(inkedCodes(reading), reading.chars)
    for (const [code, text] of pairs ?? []) first.add(code, text)
  }
  let winners = first.winners()
  for (let pass = 0; pass < 2; pass++) {
    const known = new Map(winners.map((r) => [r.code, r.text]))
    const votes = new CodeVotes()
    for (const reading of readings) {
      const codes = inkedCodes(reading)
      if (codes.length === 0) continue
      const alignment = alignRun(codes, reading.chars, known)
      if (alignment.errors > Math.max(1, MAX_ERRORS_PER_GLYPH * codes.length)) continue
      for (const [code, text] of alignment.pairs) votes.add(code, text)
    }
    winners = votes.winners()
  }
  const ink = new Map<number, { inked: number; seen: number }>()
  for (const reading of readings) {
    reading.run.codes.forEach((code, i) => {
      const count = ink.get(code) ?? { inked: 0, seen: 0 }
      count.seen++
      if (reading.inked[i]) count.inked++
      ink.set(code, count)
    })
  }
  const byCode = new Map(winners.map((r) => [r.code, r]))
  for (const [code, count] of ink) {
    if (count.inked < SPACE_INK * count.seen) {
      byCode.set(code, { code, text: ' ', votes: count.seen - count.inked, seen: count.seen })
    }
  }
  return withLigatures(
    readings,
    [...byCode.values()].sort((a, b) => a.code - b.code)
  )
}

/**
 * A learned map over the codes the font already maps: those keep their own text (the font's
 * /ToUnicode or glyph names were right for them), and the learned readings fill the rest.
 */
function filled(learned: readonly CodeReading[], own: readonly CodeReading[]): CodeReading[] {
  const byCode = new Map(learned.map((reading) => [reading.code, reading]))
  for (const reading of own) byCode.set(reading.code, reading)
  return [...byCode.values()].sort((a, b) => a.code - b.code)
}

/**
 * Learns the maps of the given programs from one document's own pages, each checked against
 * what its font says of itself (check-learned-map.ts). The programs in `fill` map most of their
 * glyphs already: only their holes take what OCR read.
 */
export async function learnFontMaps(
  bytes: Uint8Array,
  programs: ReadonlySet<string>,
  recognizer: LineRecognizer,
  progress: LearnProgress = {},
  fill: ReadonlySet<string> = new Set()
): Promise<LearnedMap[]> {
  const read = await readRuns(bytes, programs, recognizer, progress)
  const learned = read.programs.map((program) => {
    const own = read.readings.filter((r) => r.run.program === program.id)
    return { program, inferred: inferMap(own), runs: own.length }
  })
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const dicts = fontDicts(doc.asPDF()!)
    const fillRuns = fill.size === 0 ? [] : glyphRuns(bytes, fill, dicts)
    return learned.map(({ program, inferred, runs }) => {
      const dict = dicts.find((d) => d.program.id === program.id)
      const evidence = dict
        ? fontEvidence(
            dict,
            inferred.map((r) => r.code)
          )
        : new Map()
      const checked = checkLearnedMap(inferred, evidence)
      const own = fill.has(program.id)
        ? mappedCodes(
            bytes,
            fillRuns.filter((run) => run.program === program.id)
          )
        : []
      return {
        program,
        readings: filled(checked.readings, own),
        disputes: checked.disputes,
        runs,
        glyphs: read.glyphs.get(program.id) ?? new Map<number, Uint8Array>()
      }
    })
  } finally {
    doc.destroy()
  }
}
