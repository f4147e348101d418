/** What a code was read as, how often, out of how many readings. */
export type CodeReading = Readonly<{ code: number; text: string; votes: number; seen: number }>

/** Readings of one font program's codes, counted per code and text. */
export class CodeVotes {
  readonly #counts = new Map<number, Map<string, number>>()

  add(code: number, text: string, weight = 1): void {
    let texts = this.#counts.get(code)
    if (!texts) {
      texts = new Map()
      this.#counts.set(code, texts)
    }
    texts.set(text, (texts.get(text) ?? 0) + weight)
  }

  /**
   * The winning text of each code. A tie goes to the text seen first, which in a run sampled
   * page by page is the reading of the cleanest, earliest evidence.
   */
  winners(): CodeReading[] {
    const out: CodeReading[] = []
    for (const [code, texts] of this.#counts) {
      let best = ''
      let votes = 0
      let seen = 0
      for (const [text, count] of texts) {
        seen += count
        if (count > votes) {
          best = text
          votes = count
        }
      }
      out.push({ code, text: best, votes, seen })
    }
    return out.sort((a, b) => a.code - b.code)
  }
}
