/** Hebrew and Arabic script, with their presentation forms. */
const RTL_CHAR = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u
const RTL = new RegExp(RTL_CHAR.source, 'gu')
const LETTER = /\p{L}/gu

/** Text whose letters are mostly Hebrew or Arabic script: read right to left. */
export function isRtlText(text: string): boolean {
  const rtl = text.match(RTL)?.length ?? 0
  // Letters are counted only where there is Hebrew or Arabic script to weigh them against.
  if (rtl === 0) return false
  const letters = text.match(LETTER)?.length ?? 0
  return letters > 0 && rtl > letters / 2
}

type Glyph = Readonly<{ ch: string; x0: number; x1: number }>

/** Brackets drawn in a right-to-left line show the mirror image of the character they are. */
const MIRROR: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '«': '»',
  '»': '«'
}

/**
 * A right-to-left line's text in reading order, from where its glyphs are drawn rather than
 * when. Producers draw such lines in many orders: a Persian journal draws each word's letters
 * right to left but the words left to right, and a semicolon before the word it follows, so
 * the drawing order reads the words backwards. Words (split where the line's spacing put a
 * space: `breaks` holds the indices of the glyphs that start one) and the glyphs inside them are
 * read from the right edge leftwards, a glyph with the marks drawn after it (vowel signs sit
 * over their letter); a run of Latin words and numbers ("SCOPUS", "01/02/1387", "۱۳۸۷") reads
 * left to right, with the punctuation between its parts. A bracket outside such runs is the
 * mirror of the one drawn: the ")" at the right end of a parenthesis opens it.
 */
export function rtlLineText(glyphs: readonly Glyph[], breaks: ReadonlySet<number>): string {
  const words: Glyph[][] = []
  glyphs.forEach((g, i) => {
    if (g.ch.trim() === '') words.push([])
    else if (breaks.has(i) || words.length === 0) words.push([g])
    else words[words.length - 1]!.push(g)
  })
  const inked = words.filter((w) => w.length > 0)
  const ordered = rightToLeft(
    inked,
    (w) => Math.max(...w.map((g) => g.x1)),
    (w) => directionOf(w.map((g) => g.ch).join('')),
    (w) => w
  )
  // Spaces drawn first or last tell the block where the line meets the one beside it. Their
  // positions say nothing here: a producer can put the space it draws first at either end.
  const lead = glyphs[0]?.ch.trim() === '' ? ' ' : ''
  const trail = glyphs[glyphs.length - 1]?.ch.trim() === '' ? ' ' : ''
  let text = ''
  for (const word of ordered.map(wordText)) {
    // A question mark or full stop set apart from its word (drawn after a space, or where the
    // spacing put one) still ends that word: "כולם?", not "כולם ?".
    text += text === '' || CLOSING.test(word) ? word : ' ' + word
  }
  return lead + text + trail
}

/** Punctuation that closes the word before it, Arabic comma, semicolon and question mark too. */
const CLOSING = /^[.,:;!?\u060c\u061b\u061f\u2026]+$/u

/** Alef with or without hamza or madda: the second letter of a lam-alef ligature. */
const ALEF = /^[\u0622\u0623\u0625\u0627]$/u

/**
 * Characters of one drawn glyph as one glyph. MuPDF gives a glyph that maps to several
 * characters an empty box for each but the last, at the glyph's edge. A file that maps its
 * lam-alef ligature (one glyph, drawn with the alef on the left) to the letters as they stand on
 * the page, alef then lam, read "خالل" for "خلال": lam comes first in the word, whichever order
 * the file names them in.
 */
function joinLigatures(word: readonly Glyph[]): Glyph[] {
  const out: Glyph[] = []
  let pending = ''
  word.forEach((g, i) => {
    const next = word[i + 1]
    const empty = g.x1 - g.x0 < 0.01
    if (empty && next && !/^\p{M}/u.test(next.ch) && atEdgeOf(g.x0, next)) {
      pending += g.ch
      return
    }
    const lamAlef = ALEF.test(pending) && g.ch === '\u0644'
    out.push({ ...g, ch: lamAlef ? g.ch + pending : pending + g.ch })
    pending = ''
  })
  return out
}

function atEdgeOf(x: number, g: Glyph): boolean {
  return Math.abs(x - g.x0) < 0.05 || Math.abs(x - g.x1) < 0.05
}

function wordText(word: readonly Glyph[]): string {
  const clusters: Glyph[][] = []
  for (const g of joinLigatures(word)) {
    const last = clusters[clusters.length - 1]
    if (last && /^\p{M}/u.test(g.ch)) last.push(g)
    else clusters.push([g])
  }
  return rightToLeft(
    clusters,
    (c) => (c[0]!.x0 + c[0]!.x1) / 2,
    (c) => directionOf(c[0]!.ch),
    (c) => [{ ...c[0]!, ch: MIRROR[c[0]!.ch] ?? c[0]!.ch }, ...c.slice(1)]
  )
    .flat()
    .map((g) => g.ch)
    .join('')
}

type Direction = 'ltr' | 'rtl' | 'neutral'

/** Digits of any script are written left to right, as Latin letters are. */
function directionOf(text: string): Direction {
  if (RTL_CHAR.test(text.replace(/\p{Nd}/gu, ''))) return 'rtl'
  return /[\p{L}\p{N}]/u.test(text) ? 'ltr' : 'neutral'
}

/**
 * Items by position from the right; runs of left-to-right items, with the neutral ones between
 * them, read from the left; the other neutral items mirrored.
 */
function rightToLeft<T>(
  items: readonly T[],
  position: (item: T) => number,
  direction: (item: T) => Direction,
  mirror: (item: T) => T
): T[] {
  const sorted = [...items].sort((a, b) => position(b) - position(a))
  const out: T[] = []
  let run: T[] = []
  let held: T[] = []
  for (const item of sorted) {
    const dir = direction(item)
    if (dir === 'ltr') {
      run.push(...held, item)
      held = []
    } else if (dir === 'neutral' && run.length > 0) {
      held.push(item)
    } else {
      out.push(...run.reverse(), ...held.map(mirror), dir === 'neutral' ? mirror(item) : item)
      run = []
      held = []
    }
  }
  out.push(...run.reverse(), ...held.map(mirror))
  return out
}
