/** A line's part of its block's text: `text.slice(start, end)`. */
export type Piece = Readonly<{ start: number; end: number }>

/** What joining lines adds between them (src-main/layout/line-pieces.ts): spaces and hyphens. */
const JOINING = /^[\s\u00ad\-\u2010]*$/u

/**
 * Where the lines' pieces of a block's text (`extracted`, the engine's or as last stored here)
 * stand in the block's text now (`now`, after corrections made elsewhere): a place before the
 * first difference or after the last stays where it was, one inside the changed stretch moves in
 * proportion. A correction within one line changes only that line's stretch, so every other line
 * keeps its piece exactly; text that would fall between two lines goes to the line before.
 */
export function piecesIn(extracted: string, now: string, pieces: readonly Piece[]): Piece[] {
  if (extracted === now) return [...pieces]
  let head = 0
  const shortest = Math.min(extracted.length, now.length)
  while (head < shortest && extracted[head] === now[head]) head++
  let tail = 0
  while (
    tail < shortest - head &&
    extracted[extracted.length - 1 - tail] === now[now.length - 1 - tail]
  ) {
    tail++
  }
  const changedFrom = extracted.length - tail
  const grown = now.length - extracted.length
  // A line's start at the very place text was typed goes after it, its end before it.
  const place = (at: number, after: boolean): number => {
    if (at < head || (at === head && !after)) return at
    if (at > changedFrom || (at === changedFrom && after)) return at + grown
    const share = (at - head) / (changedFrom - head)
    return head + Math.round(share * (now.length - tail - head))
  }
  const placed = pieces.map((piece) => ({
    start: place(piece.start, true),
    end: Math.max(place(piece.end, false), place(piece.start, true))
  }))
  for (let i = 0; i + 1 < placed.length; i++) {
    const line = placed[i]!
    const next = placed[i + 1]!
    const gap = now.slice(line.end, next.start)
    if (!JOINING.test(gap)) line.end = line.end + gap.trimEnd().length
  }
  return placed
}

/** The block's text with line `index` replaced by what the reviewer typed, and its lines then. */
export function withLine(
  now: string,
  pieces: readonly Piece[],
  index: number,
  typed: string
): { text: string; pieces: Piece[] } {
  const piece = pieces[index]!
  const grown = typed.length - (piece.end - piece.start)
  return {
    text: now.slice(0, piece.start) + typed + now.slice(piece.end),
    pieces: pieces.map((other, i) =>
      i < index
        ? other
        : i === index
          ? { start: other.start, end: other.end + grown }
          : { start: other.start + grown, end: other.end + grown }
    )
  }
}

/** A line's text in runs, each doubtful word OCR listed for it marked where it stands. */
export function markedRuns(
  text: string,
  doubtful: readonly { text: string; confidence: number }[]
): { text: string; confidence: number | null }[] {
  const runs: { text: string; confidence: number | null }[] = []
  let at = 0
  for (const word of doubtful) {
    if (word.text === '') continue
    const found = wordAt(text, word.text, at)
    if (found < 0) continue
    if (found > at) runs.push({ text: text.slice(at, found), confidence: null })
    runs.push({ text: word.text, confidence: word.confidence })
    at = found + word.text.length
  }
  if (at < text.length) runs.push({ text: text.slice(at), confidence: null })
  return runs
}

/**
 * Where `word` first stands in `text` from `from` as a word of its own, not inside another ("o"
 * in "nothing"); where it stands only inside others (Chinese and Japanese set no spaces), the
 * first place it stands at all.
 */
function wordAt(text: string, word: string, from: number): number {
  const letter = /[\p{L}\p{N}]/u
  for (let at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? ' '
    const after = text[at + word.length] ?? ' '
    if (!letter.test(before) && !letter.test(after)) return at
  }
  return text.indexOf(word, from)
}
