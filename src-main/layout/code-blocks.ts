import type { Block, BlockRole, Line, PageLayout, Span } from '../shared/layout.js'
import { nonSpaceCodePoints } from '../shared/whitespace.js'
import { nthSmallest } from '../shared/sorted.js'
import { size } from './block-rows.js'
import { normalizeText } from './normalize.js'

/** Fonts of program listings, by name where the file does not say the font is fixed-width. */
const MONO_NAME = /mono|courier|consolas|code|menlo|typewriter|cmtt|inconsolata/iu

/** Signs of a program: brackets, operators, comments, or a line that opens with a keyword. */
const CODE_SIGN =
  /[{}[\]();=<>#]|\/\/|^\s*(def|function|class|import|return|if|for|while|let|const|var|public|int|void)\b/mu

/** A mail address or a web address. */
const ADDRESS = /@[\w-]+\.\w|https?:\/\//u

/** A block is a listing when nearly all its characters are set in a fixed-width font. */
const MONO_SHARE = 0.9

/** A page mostly set in a fixed-width font is typewritten: its paragraphs are no listings. */
const TYPEWRITTEN_SHARE = 0.6

function isMono(span: Span): boolean {
  return span.mono || MONO_NAME.test(span.font)
}

/** Characters (not white space) of the blocks, and how many of them are set fixed-width. */
function monoChars(blocks: readonly Block[]): { mono: number; all: number } {
  let mono = 0
  let all = 0
  for (const block of blocks) {
    for (const line of block.lines) {
      for (const span of line.spans) {
        const n = nonSpaceCodePoints(span.text)
        all += n
        if (isMono(span)) mono += n
      }
    }
  }
  return { mono, all }
}

/**
 * A program listing: set fixed-width on a page that is not (`typewritten`: most of the page is),
 * with a sign of code in it (a bracket, an operator, a keyword opening a line). A fixed-width
 * word in a sentence stays in it.
 */
export function isCode(block: Block, typewritten: boolean): boolean {
  if (typewritten) return false
  const own = monoChars([block])
  if (own.all === 0 || own.mono < own.all * MONO_SHARE) return false
  const text = block.lines.map((l) => l.spans.map((s) => s.text).join('')).join('\n')
  // An author's mail addresses are set fixed-width under a paper's title: "{gal,bz}@uci.edu".
  if (block.lines.length <= 2 && ADDRESS.test(text)) return false
  return CODE_SIGN.test(text)
}

/** The width of one character of the listing: the middle advance of its glyphs. */
function advance(block: Block): number {
  const widths: number[] = []
  for (const line of block.lines) {
    for (const span of line.spans) {
      for (let i = 0; i + 1 < span.charX.length; i += 2) {
        const w = span.charX[i + 1]! - span.charX[i]!
        if (w > 0) widths.push(w)
      }
    }
  }
  return nthSmallest(widths, widths.length >> 1) ?? size(block) * 0.6
}

/** A line's text and where its first glyph other than a space stands. */
function inked(line: Line): { text: string; x0: number; x1: number; y: number } | null {
  let text = ''
  let x0 = Infinity
  let x1 = -Infinity
  for (const span of line.spans) {
    ;[...span.text].forEach((c, i) => {
      if (/\s/u.test(c) && x0 === Infinity) return
      text += c
      if (!/\s/u.test(c)) {
        x0 = Math.min(x0, span.charX[2 * i] ?? span.bbox[0])
        x1 = Math.max(x1, span.charX[2 * i + 1] ?? span.bbox[2])
      }
    })
  }
  text = text.trimEnd()
  return text === '' ? null : { text, x0, x1, y: (line.bbox[1] + line.bbox[3]) / 2 }
}

/**
 * A listing's lines as drawn, each indented by as many spaces as the characters it starts right
 * of the listing's left edge, so that the indentation a program's structure rests on survives;
 * pieces MuPDF cut from one line are put back with the spaces between them.
 */
export function codeLines(block: Block): string[] {
  const step = advance(block)
  const pieces = block.lines.flatMap((line) => inked(line) ?? [])
  if (pieces.length === 0) return []
  const rows: (typeof pieces)[] = []
  for (const piece of [...pieces].sort((a, b) => a.y - b.y)) {
    const row = rows.at(-1)
    if (row && Math.abs(row[0]!.y - piece.y) < step * 0.8) row.push(piece)
    else rows.push([piece])
  }
  const left = Math.min(...pieces.map((p) => p.x0))
  return rows.map((row) => {
    row.sort((a, b) => a.x0 - b.x0)
    let text = ''
    let x = left
    for (const piece of row) {
      const gap = Math.max(text === '' ? 0 : 1, Math.round((piece.x0 - x) / step))
      text += ' '.repeat(gap) + normalizeText(piece.text)
      x = piece.x1
    }
    return text
  })
}

/** Marks body blocks that are program listings as `code`. */
export function markCode(layout: PageLayout, roles: BlockRole[]): void {
  const page = monoChars(layout.blocks)
  const typewritten = page.mono > page.all * TYPEWRITTEN_SHARE
  for (const block of layout.blocks) {
    if (roles[block.id] === 'body' && isCode(block, typewritten)) roles[block.id] = 'code'
  }
}
