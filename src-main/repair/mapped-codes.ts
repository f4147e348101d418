import type { Matrix, PageFrame } from '../extract/geometry.js'
import { mupdf } from '../extract/mupdf.js'
import { readStext } from '../extract/stext.js'
import { isPrivateUse } from '../checks/char-stats.js'
import type { GlyphRun } from './glyph-runs.js'
import { CodeVotes, type CodeReading } from './votes.js'

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

/** A code keeps its own text when at least this share of its sightings read it. */
const AGREEMENT = 0.9

type Drawn = { y: number; text: string }

/** Glyph x0 and x1 to a tenth of a point: the same glyph, whatever its text, sits at the same place. */
function key(page: number, x0: number, x1: number): string {
  return `${page}:${Math.round(x0 * 10)}:${Math.round(x1 * 10)}`
}

/** What each glyph of the pages reads as in the document as it is, by its place. */
function drawnText(doc: mupdf.PDFDocument, pages: ReadonlySet<number>): Map<string, Drawn[]> {
  const found = new Map<string, Drawn[]>()
  for (const pageNo of pages) {
    const page = doc.loadPage(pageNo - 1)
    try {
      const [x0, y0, x1, y1] = page.getBounds()
      const frame: PageFrame = { toPage: IDENTITY, identity: true, width: x1 - x0, height: y1 - y0 }
      const stext = page.toStructuredText('preserve-whitespace')
      try {
        for (const block of readStext(stext.pointer, frame).blocks) {
          for (const line of block.lines) {
            for (const span of line.spans) {
              const y = (span.bbox[1] + span.bbox[3]) / 2
              ;[...span.text].forEach((ch, i) => {
                const k = key(pageNo, span.charX[2 * i] ?? 0, span.charX[2 * i + 1] ?? 0)
                const list = found.get(k) ?? []
                // A glyph mapped to several characters (a ligature's "fi") gives them all one box.
                const same = list.find((d) => Math.abs(d.y - y) < 0.5)
                if (same) same.text += ch
                else list.push({ y, text: ch })
                found.set(k, list)
              })
            }
          }
        }
      } finally {
        stext.destroy()
      }
    } catch {
      // A page MuPDF cannot read gives no reading; its codes are learned from the others.
    } finally {
      page.destroy()
    }
  }
  return found
}

function isText(text: string): boolean {
  return [...text].every((ch) => {
    const cp = ch.codePointAt(0) ?? 0
    return cp !== 0xfffd && !isPrivateUse(cp)
  })
}

/**
 * The codes a font already maps, and to what, read from the document as it is (its own
 * /ToUnicode or glyph names): each glyph of `runs` found at its place in the unprobed text. A code
 * counts as mapped when its sightings agree on a text with no U+FFFD or private-use character; a
 * font with holes keeps these, and only its holes are learned.
 */
export function mappedCodes(bytes: Uint8Array, runs: readonly GlyphRun[]): CodeReading[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    if (!pdf) return []
    const drawn = drawnText(pdf, new Set(runs.map((run) => run.page)))
    const votes = new CodeVotes()
    for (const run of runs) {
      const y = (run.bbox[1] + run.bbox[3]) / 2
      run.codes.forEach((code, i) => {
        const list = drawn.get(key(run.page, run.charX[2 * i] ?? 0, run.charX[2 * i + 1] ?? 0))
        const nearest = list?.reduce((a, b) => (Math.abs(a.y - y) <= Math.abs(b.y - y) ? a : b))
        if (nearest) votes.add(code, nearest.text)
      })
    }
    return votes
      .winners()
      .filter((reading) => reading.votes >= AGREEMENT * reading.seen && isText(reading.text))
  } finally {
    doc.destroy()
  }
}
