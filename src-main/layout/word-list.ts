/**
 * A word list searched where it lies: the list's text and the offsets of its lines, with a binary
 * search comparing a word against a line in place. A Set of the 274,000 words cost every process
 * that joins a hyphen (each ingest worker, each `recto text`) about 200 ms to build; the offsets
 * take a scan of the text.
 */
export class WordList {
  readonly #text: string
  /** Starts and ends of the lines that keep the list ascending, in order. */
  readonly #starts: Int32Array
  readonly #ends: Int32Array
  readonly #count: number
  /** Lines out of order (a list sorted by other rules than UTF-16 code units), looked up apart. */
  readonly #unordered = new Set<string>()

  /** `text`: one word a line. */
  constructor(text: string) {
    this.#text = text
    const lines = text.length === 0 ? 0 : 1 + countNewlines(text)
    this.#starts = new Int32Array(lines)
    this.#ends = new Int32Array(lines)
    let count = 0
    let start = 0
    while (start <= text.length) {
      let end = text.indexOf('\n', start)
      if (end < 0) end = text.length
      if (end > start) {
        const last = count - 1
        if (last < 0 || this.#compareLine(text, start, end, last) > 0) {
          this.#starts[count] = start
          this.#ends[count] = end
          count++
        } else {
          this.#unordered.add(text.slice(start, end))
        }
      }
      start = end + 1
    }
    this.#count = count
  }

  has(word: string): boolean {
    if (word.length === 0) return false
    let low = 0
    let high = this.#count - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const order = this.#compareLine(word, 0, word.length, middle)
      if (order === 0) return true
      if (order < 0) high = middle - 1
      else low = middle + 1
    }
    return this.#unordered.has(word)
  }

  /** `source[from, to)` against line `line` of the list, in the order of JavaScript's `<`. */
  #compareLine(source: string, from: number, to: number, line: number): number {
    const text = this.#text
    let i = from
    let j = this.#starts[line] ?? 0
    const end = this.#ends[line] ?? 0
    for (; i < to && j < end; i++, j++) {
      const difference = source.charCodeAt(i) - text.charCodeAt(j)
      if (difference !== 0) return difference
    }
    return to - i - (end - j)
  }
}

function countNewlines(text: string): number {
  let count = 0
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++
  return count
}
