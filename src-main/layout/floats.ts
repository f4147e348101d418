/** A caption opens with its figure's or table's number: "Figure 9.", "Table 2:", "Fig. 3". */
const CAPTION = /^(Figure|Fig\.|Table|Tab\.|Abbildung|Tabelle)\s*\d+[.:]?(\s|$)/u

/** A float and its caption take at most this many blocks: a table set as a block per row too. */
const MAX_FLOAT_BLOCKS = 8

/** A sentence runs on past a block that ends in a letter or a comma, with no stop. */
const RUNS_ON = /[\p{Ll},;]$/u
const GOES_ON = /^\p{Ll}/u

/** Text of a sentence, not a table's row or a figure's label: eight words and more. */
function isSentence(text: string): boolean {
  return text.split(/\s+/u).length >= 8
}

/**
 * A table or a figure set where a column breaks, with its caption, is read where it stands
 * except where it cuts a sentence ("…applied metaclustering to these basic clusters" / Table 2 /
 * "and obtained 302 metaclusters"): then it is read after the paragraph that finishes the
 * sentence. The blocks between the sentence and its end must be a float closed by its caption
 * (a caption alone stands under a listing or a table just read), and both halves must be
 * sentences: a table's last row ends without a stop too, and a figure's label
 * ("abort recording") starts in lower case.
 */
export function moveCuttingFloats(
  order: readonly number[],
  textOf: (id: number) => string
): number[] {
  const out = [...order]
  for (let i = 0; i < out.length - 2; i++) {
    if (!RUNS_ON.test(textOf(out[i]!)) || GOES_ON.test(textOf(out[i + 1]!))) continue
    const last = Math.min(out.length - 2, i + MAX_FLOAT_BLOCKS)
    for (let k = i + 1; k <= last; k++) {
      if (!GOES_ON.test(textOf(out[k + 1]!))) continue
      const float = out.slice(i + 1, k + 1)
      const captioned = float.length >= 2 && CAPTION.test(textOf(float[float.length - 1]!))
      if (captioned && isSentence(textOf(out[i]!)) && isSentence(textOf(out[k + 1]!))) {
        out.splice(i + 1, float.length)
        out.splice(i + 2, 0, ...float)
        i += float.length + 1
      }
      break
    }
  }
  return out
}
