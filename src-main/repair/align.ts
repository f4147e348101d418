/**
 * Aligns the inked glyph codes of a run with the characters recognised in its image. Codes the
 * map already knows anchor the alignment; unknown ones take the characters between anchors. A
 * glyph may stand for two characters (a ligature: "fi").
 */

/** A glyph's code and the text it was aligned with. */
export type AlignedGlyph = readonly [code: number, text: string]

export type Alignment = Readonly<{ pairs: readonly AlignedGlyph[]; cost: number }>

const UNKNOWN_ONE = 0.5
const UNKNOWN_TWO = 0.9
const MISMATCH_ONE = 1
const MISMATCH_TWO = 1.5
const SKIP = 1

type Move = 0 | 1 | 2 | 3 // one char, two chars, glyph skipped, char skipped

export function alignRun(
  codes: readonly number[],
  chars: readonly string[],
  known: ReadonlyMap<number, string>
): Alignment {
  const n = codes.length
  const m = chars.length
  const width = m + 1
  const cost = new Float64Array((n + 1) * width).fill(Infinity)
  const move = new Uint8Array((n + 1) * width)
  cost[0] = 0
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      const here = cost[i * width + j]!
      if (here === Infinity) continue
      const relax = (ni: number, nj: number, step: number, kind: Move): void => {
        const k = ni * width + nj
        if (here + step < cost[k]!) {
          cost[k] = here + step
          move[k] = kind
        }
      }
      if (i < n) {
        const code = codes[i]!
        const text = known.get(code)
        if (j < m) {
          const one = chars[j]!
          relax(i + 1, j + 1, text === undefined ? UNKNOWN_ONE : text === one ? 0 : MISMATCH_ONE, 0)
        }
        if (j + 1 < m) {
          const two = chars[j]! + chars[j + 1]!
          relax(i + 1, j + 2, text === undefined ? UNKNOWN_TWO : text === two ? 0 : MISMATCH_TWO, 1)
        }
        relax(i + 1, j, SKIP, 2)
      }
      if (j < m) relax(i, j + 1, SKIP, 3)
    }
  }
  const pairs: AlignedGlyph[] = []
  let i = n
  let j = m
  while (i > 0 || j > 0) {
    const kind = move[i * width + j] as Move
    if (kind === 0) {
      pairs.push([codes[i - 1]!, chars[j - 1]!])
      i--
      j--
    } else if (kind === 1) {
      pairs.push([codes[i - 1]!, chars[j - 2]! + chars[j - 1]!])
      i--
      j -= 2
    } else if (kind === 2) {
      i--
    } else {
      j--
    }
  }
  pairs.reverse()
  return { pairs, cost: cost[n * width + m]! }
}
