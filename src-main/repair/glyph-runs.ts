import type { BBox } from '../shared/layout.js'
import type { Matrix, PageFrame } from '../extract/geometry.js'
import { mupdf } from '../extract/mupdf.js'
import { readStext } from '../extract/stext.js'
import { namesFont, type FontDict } from './font-programs.js'
import { probeCMap, probedCode } from './to-unicode.js'

/**
 * Consecutive glyphs of one font program on one text line, with the character code and box of
 * each: what is rendered, recognised and aligned to learn the program's map.
 */
export type GlyphRun = Readonly<{
  page: number
  program: string
  codes: readonly number[]
  /** Per glyph, x0 and x1 in page points; the run's box is `bbox`. */
  charX: readonly number[]
  bbox: BBox
  size: number
}>

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/** The program of a font name from structured text, looked up once per name. */
class ProgramsByName {
  readonly #found = new Map<string, string | undefined>()

  constructor(readonly dicts: readonly FontDict[]) {}

  get(name: string): string | undefined {
    if (!this.#found.has(name)) {
      this.#found.set(name, this.dicts.find((dict) => namesFont(name, dict))?.program.id)
    }
    return this.#found.get(name)
  }
}

/** Lines steeper than this are not sampled: the crops are read as horizontal lines of text. */
const MIN_HORIZONTAL = 0.99

/**
 * Reads `bytes` again with every font of the given programs carrying the probe CMap, so each of
 * their glyphs comes out as its character code (to-unicode.ts) at its exact position, and gives
 * their runs, page by page, in the displayed page's coordinates. Lines that do not run left to
 * right as displayed are left out of the sample; the map learned from the others applies to them.
 */
export function glyphRuns(
  bytes: Uint8Array,
  programs: ReadonlySet<string>,
  dicts: readonly FontDict[]
): GlyphRun[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  const pdf = doc.asPDF()
  if (!pdf) return []
  const runs: GlyphRun[] = []
  try {
    const probed = dicts.filter((dict) => programs.has(dict.program.id))
    for (const dict of probed) {
      const copy = pdf.newIndirect(dict.ref.asIndirect())
      copy.put('ToUnicode', pdf.addStream(probeCMap(dict.program.width), {}))
    }
    const programOf = new ProgramsByName(probed)
    for (let index = 0; index < pdf.countPages(); index++) {
      const page = pdf.loadPage(index) as mupdf.PDFPage
      try {
        // Runs are kept in the displayed page's space, where they are rendered.
        const [x0, y0, x1, y1] = page.getBounds()
        const frame: PageFrame = {
          toPage: IDENTITY,
          identity: true,
          width: x1 - x0,
          height: y1 - y0
        }
        const stext = page.toStructuredText('preserve-whitespace')
        try {
          for (const block of readStext(stext.pointer, frame).blocks) {
            for (const line of block.lines) {
              if (line.wmode !== 0 || line.dir[0] < MIN_HORIZONTAL) continue
              collectRuns(index + 1, line.spans, programOf, runs)
            }
          }
        } finally {
          stext.destroy()
        }
      } catch {
        // A page MuPDF cannot read gives no sample; extraction reports it elsewhere.
      } finally {
        page.destroy()
      }
    }
  } finally {
    doc.destroy()
  }
  return runs
}

type SpanLike = Readonly<{
  text: string
  font: string
  size: number
  bbox: BBox
  charX: readonly number[]
}>

type Glyph = Readonly<{ program: string; code: number; x0: number; x1: number; span: SpanLike }>

function glyphsOf(spans: readonly SpanLike[], programOf: ProgramsByName): (Glyph | null)[] {
  const glyphs: (Glyph | null)[] = []
  for (const span of spans) {
    const program = programOf.get(span.font)
    ;[...span.text].forEach((ch, i) => {
      const code = program === undefined ? null : probedCode(ch.codePointAt(0) ?? 0)
      glyphs.push(
        program === undefined || code === null
          ? null
          : { program, code, x0: span.charX[2 * i] ?? 0, x1: span.charX[2 * i + 1] ?? 0, span }
      )
    })
  }
  return glyphs
}

function runOf(page: number, glyphs: readonly Glyph[]): GlyphRun {
  const first = glyphs[0]!
  let y0 = Infinity
  let y1 = -Infinity
  for (const glyph of glyphs) {
    y0 = Math.min(y0, glyph.span.bbox[1])
    y1 = Math.max(y1, glyph.span.bbox[3])
  }
  const charX = glyphs.flatMap((glyph) => [glyph.x0, glyph.x1])
  return {
    page,
    program: first.program,
    codes: glyphs.map((glyph) => glyph.code),
    charX,
    bbox: [Math.min(...charX), y0, Math.max(...charX), y1],
    size: first.span.size
  }
}

function collectRuns(
  page: number,
  spans: readonly SpanLike[],
  programOf: ProgramsByName,
  runs: GlyphRun[]
): void {
  let current: Glyph[] = []
  for (const glyph of glyphsOf(spans, programOf)) {
    if (current.length > 0 && (glyph === null || glyph.program !== current[0]!.program)) {
      runs.push(runOf(page, current))
      current = []
    }
    if (glyph) current.push(glyph)
  }
  if (current.length > 0) runs.push(runOf(page, current))
}
