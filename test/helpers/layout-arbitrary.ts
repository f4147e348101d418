import { fc } from '@fast-check/vitest'
import type { Block, Line, PageLayout, Span } from '../../src-main/shared/layout.js'

/**
 * Page layouts no one drew: one to three columns of paragraphs (blocks of lines of words), a
 * running head and a page number maybe, a heading maybe, blocks in any drawing order, and
 * sometimes a structure tree naming blocks in any order (ids out of range too). Lines are set as
 * MuPDF gives them: one span a line, an x edge pair for every code point, spaces included.
 *
 * Every word is unique on its page (letters, then the word's number) and no line ends in a
 * hyphen, so the page text can be held to contain each word of a kept block exactly once.
 */
export type LayoutOptions = Readonly<{ maxColumns?: number; maxBlocks?: number }>

const WIDTH = 612
const HEIGHT = 792
const MARGIN = 54

type Draft = { lines: string[][]; size: number; bold: boolean }

function spanOf(text: string, x: number, y: number, size: number, bold: boolean): Span {
  const glyph = size * 0.5
  const space = size * 0.25
  const charX: number[] = []
  let at = x
  for (const ch of text) {
    const w = ch === ' ' ? space : glyph
    charX.push(Math.round(at * 100) / 100, Math.round((at + w) * 100) / 100)
    at += w
  }
  const bbox = [x, y, Math.round(at * 100) / 100, y + size] as const
  return {
    text,
    bbox,
    font: bold ? 'Helvetica-Bold' : 'Helvetica',
    size,
    bold,
    italic: false,
    mono: false,
    charX
  }
}

function blockAt(draft: Draft, x: number, y: number): Omit<Block, 'id'> {
  const leading = draft.size * 1.2
  const lines: Line[] = draft.lines.map((words, i) => {
    const span = spanOf(words.join(' '), x, y + i * leading, draft.size, draft.bold)
    return { bbox: span.bbox, wmode: 0, dir: [1, 0], spans: [span] }
  })
  const x1 = Math.max(...lines.map((l) => l.bbox[2]))
  const y1 = lines[lines.length - 1]!.bbox[3]
  return { bbox: [x, y, x1, y1], lines }
}

const letters = fc.stringMatching(/^[a-z]{1,7}$/)

/** Lines of words for a paragraph; the words are numbered when the page is put together. */
const paragraphArb = fc.array(fc.array(letters, { minLength: 1, maxLength: 6 }), {
  minLength: 1,
  maxLength: 6
})

/**
 * A paragraph's words numbered, its first capitalised and its last ending a sentence: prose
 * whose blocks end where their sentences do, as the footnote and float rules expect of it.
 */
function sentence(lines: readonly string[][], number: (w: string) => string): string[][] {
  const out = lines.map((words) => words.map(number))
  const first = out[0]!
  first[0] = first[0]!.charAt(0).toUpperCase() + first[0]!.slice(1)
  const last = out[out.length - 1]!
  last[last.length - 1] += '.'
  return out
}

export function layoutArbitrary(options: LayoutOptions = {}): fc.Arbitrary<PageLayout> {
  const maxColumns = options.maxColumns ?? 3
  const maxBlocks = options.maxBlocks ?? 8
  return fc
    .record({
      columns: fc.integer({ min: 1, max: maxColumns }),
      paragraphs: fc.array(paragraphArb, { minLength: 1, maxLength: maxBlocks }),
      size: fc.constantFrom(9, 10, 11),
      heading: fc.option(fc.array(letters, { minLength: 1, maxLength: 4 })),
      runningHead: fc.option(fc.array(letters, { minLength: 1, maxLength: 3 })),
      pageNumber: fc.option(fc.integer({ min: 1, max: 400 })),
      gap: fc.integer({ min: 4, max: 30 }),
      drawing: fc.infiniteStream(fc.nat()),
      tree: fc.option(fc.array(fc.integer({ min: -1, max: 12 }), { maxLength: 12 })),
      rotation: fc.constantFrom(0, 0, 0, 90)
    })
    .map((p) => {
      let word = 0
      const numbered = (w: string) => `${w}${++word}`
      const number = (words: readonly string[]) => words.map(numbered)
      const placed: Omit<Block, 'id'>[] = []
      let top = MARGIN + 30
      if (p.runningHead) {
        placed.push(blockAt({ lines: [number(p.runningHead)], size: 8, bold: false }, MARGIN, 30))
      }
      if (p.heading) {
        placed.push(blockAt({ lines: [number(p.heading)], size: 16, bold: true }, MARGIN, top))
        top += 30
      }
      const columnWidth = (WIDTH - 2 * MARGIN - (p.columns - 1) * 18) / p.columns
      const perColumn = Math.ceil(p.paragraphs.length / p.columns)
      p.paragraphs.forEach((paragraph, i) => {
        const column = Math.floor(i / perColumn)
        const x = MARGIN + column * (columnWidth + 18)
        const y = i % perColumn === 0 ? top : placed[placed.length - 1]!.bbox[3] + p.gap
        // Lines are cut to the column: a word that would cross the gutter starts the next line.
        const maxChars = Math.max(4, Math.floor(columnWidth / (p.size * 0.5)))
        const lines: string[][] = []
        for (const words of sentence(paragraph, numbered)) {
          let line: string[] = []
          for (const w of words) {
            if (line.length > 0 && [...line, w].join(' ').length > maxChars) {
              lines.push(line)
              line = []
            }
            line.push(w)
          }
          lines.push(line)
        }
        placed.push(blockAt({ lines, size: p.size, bold: false }, x, y))
      })
      if (p.pageNumber !== null) {
        placed.push(
          blockAt({ lines: [[String(p.pageNumber)]], size: 9, bold: false }, WIDTH / 2, HEIGHT - 40)
        )
      }
      // Drawing order: any permutation, taken from the stream of choices.
      const order = [...placed.keys()]
      const choices = p.drawing.take(order.length)
      for (let i = order.length - 1; i > 0; i--) {
        const j = choices.next().value! % (i + 1)
        ;[order[i], order[j]] = [order[j]!, order[i]!]
      }
      const blocks: Block[] = order.map((k, id) => ({ ...placed[k]!, id }))
      return {
        page: 1,
        width: WIDTH,
        height: HEIGHT,
        rotation: p.rotation,
        blocks,
        images: [],
        fonts: [],
        invisibleChars: 0,
        coveredChars: 0,
        formXObjectsWithText: 0,
        structureOrder: p.tree,
        overdraw: null,
        damage: null
      }
    })
}
