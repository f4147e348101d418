/**
 * Where a paragraph too long for one chunk may be cut. Written out rather than taken from
 * Intl.Segmenter: its sentence breaks come from the ICU data of the Node build, and a chunk must
 * be cut at the same place on every machine (its id and its embedding depend on it).
 */

/**
 * A sentence ends at `.`, `!`, `?` or `…` (closing quotes and brackets kept with it) before
 * white space and a capital, a figure or an opening quote or bracket; or at a CJK full stop,
 * exclamation or question mark. "e.g. the" and "3.5 mm" go on: what follows is lower case or no
 * space comes first.
 */
const SENTENCE_END =
  /(?<=[.!?…]["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{Lt}\p{N}])|(?<=[。！？][」』）]*)/gu

/**
 * A single capital before the stop is an initial ("J. Smith"), and a few abbreviations take a
 * capital after them: no sentence ends there.
 */
const NO_END_BEFORE =
  /(?:^|\s)(?:\p{Lu}|Mr|Mrs|Ms|Dr|Prof|St|Fig|Figs|No|Vol|Eq|Ref|vs)\.["'”’)\]]*$/u

/** Characters as a chunk's size counts them: code points, as Python's len() and most readers do. */
export function charCount(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0)
}

/** The paragraph's sentences, each with the white space after it, so joining them gives it back. */
export function sentences(text: string): string[] {
  const parts: string[] = []
  let start = 0
  for (const match of text.matchAll(SENTENCE_END)) {
    const end = match.index + match[0].length
    if (end >= text.length || NO_END_BEFORE.test(text.slice(start, match.index))) continue
    parts.push(text.slice(start, end))
    start = end
  }
  parts.push(text.slice(start))
  return parts.filter((p) => p !== '')
}

/**
 * Pieces of at most `size` (characters, or what `count` counts) cut at white space, the white
 * space kept with the piece before it; a word longer than `size` (a URL, a run of CJK without
 * spaces) is cut inside, as long a piece as fits each time.
 */
export function wordPieces(
  text: string,
  size: number,
  count: (text: string) => number = charCount
): string[] {
  const pieces: string[] = []
  let current = ''
  for (const word of text.match(/\S+\s*|\s+/gu) ?? []) {
    if (current !== '' && count(current + word.trimEnd()) > size) {
      pieces.push(current)
      current = ''
    }
    let rest = word
    while (count(rest.trimEnd()) > size) {
      const cut = longestFitting([...rest], size, count)
      pieces.push(cut)
      rest = rest.slice(cut.length)
    }
    current += rest
  }
  if (current !== '') pieces.push(current)
  return pieces
}

/** The longest start of `chars` that `count` keeps within `size`, one character at least. */
function longestFitting(
  chars: readonly string[],
  size: number,
  count: (t: string) => number
): string {
  let lo = 1
  let hi = chars.length
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (count(chars.slice(0, mid).join('')) <= size) lo = mid
    else hi = mid - 1
  }
  return chars.slice(0, lo).join('')
}
