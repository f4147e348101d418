/**
 * Aligns the inked glyph codes of a run with the characters recognised in its image. Codes the
 * map already knows anchor the alignment; unknown ones take the characters between anchors. A
 * glyph may stand for two characters (a ligature: "fi").
 */

/** A glyph's code and the text it was aligned with. */
export type AlignedGlyph = readonly [code: number, text: string]

/**
 * `errors` counts what the evidence contradicts: glyphs or characters left over, and known codes
 * aligned with other text. Unknown codes cost a little in the search (so known ones anchor it)
 * but are no error.
 */
export type Alignment = Readonly<{ pairs: readonly AlignedGlyph[]; errors: number }>

const UNKNOWN_ONE = 0.5
const UNKNOWN_TWO = 0.9
const MISMATCH_ONE = 1
const MISMATCH_TWO = 1.5
const SKIP = 1

type Move = 0 | 1 | 2 | 3 // one char, two chars, glyph skipped, char skipped

/** The two-letter ligatures type draws as one glyph (ﬀ ﬁ ﬂ), as OCR reads them. */
const TYPESET_PAIRS = new Set(['ff', 'fi', 'fl'])

/**
 * Whether a code known as one letter of a typeset ligature may take both: OCR that reads the
 * ligature's two letters where one glyph stands is evidence the glyph is the ligature, which a
 * first map learned from "fgure" or "transigure" would otherwise outvote for good. It costs as
 * much as an unknown code's two letters, less than dropping the other letter.
 */
function widens(known: string, two: string): boolean {
  return known.length === 1 && TYPESET_PAIRS.has(two) && two.includes(known)
}

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
          const step =
            text === undefined || widens(text, two) ? UNKNOWN_TWO : text === two ? 0 : MISMATCH_TWO
          relax(i + 1, j + 2, step, 1)
        }
        relax(i + 1, j, SKIP, 2)
      }
      if (j < m) relax(i, j + 1, SKIP, 3)
    }
  }
  const pairs: AlignedGlyph[] = []
  let errors = 0
  let i = n
  let j = m
  while (i > 0 || j > 0) {
    const kind = move[i * width + j] as Move
    if (kind === 0 || kind === 1) {
      const code = codes[i - 1]!
      const text = kind === 0 ? chars[j - 1]! : chars[j - 2]! + chars[j - 1]!
      const expected = known.get(code)
      if (expected !== undefined && expected !== text && !widens(expected, text)) errors++
      pairs.push([code, text])
      i--
      j -= kind === 0 ? 1 : 2
    } else {
      errors++
      if (kind === 2) i--
      else j--
    }
  }
  pairs.reverse()
  return { pairs, errors }
}

function distinctPairs(pairs: readonly AlignedGlyph[]): number {
  return new Set(pairs.map(([code, text]) => `${code}\u0000${text}`)).size
}

function candidates(codes: readonly number[], chars: readonly string[]): AlignedGlyph[][] {
  const n = codes.length
  const m = chars.length
  const out: AlignedGlyph[][] = []
  const straight = (cs: readonly number[], xs: readonly string[]): AlignedGlyph[] =>
    cs.map((code, i) => [code, xs[i]!] as const)
  if (m === n) return [straight(codes, chars)]
  if (m === n + 1) {
    // A character too many: something recognised beside the run (a rule read as "|") or a
    // glyph that is two letters (a ligature). Ties go to the candidate tried first: a glyph
    // that takes the letters of a typeset ligature ("fi"), as OCR rarely sees an f that is not
    // drawn, but dropping that f made "transigure" of a font with no f of its own to compare;
    // then the ends, then the rest.
    const twos = Array.from({ length: n }, (_, i) => [
      ...straight(codes.slice(0, i), chars),
      [codes[i]!, chars[i]! + chars[i + 1]!] as const,
      ...straight(codes.slice(i + 1), chars.slice(i + 2))
    ])
    const typeset = (i: number): boolean => TYPESET_PAIRS.has(chars[i]! + chars[i + 1]!)
    out.push(...twos.filter((_, i) => typeset(i)))
    const skips = [0, m - 1, ...Array.from({ length: m - 2 }, (_, k) => k + 1)]
    for (const j of skips) {
      out.push(
        straight(
          codes,
          chars.filter((_, k) => k !== j)
        )
      )
    }
    out.push(...twos.filter((_, i) => !typeset(i)))
  } else if (m === n - 1) {
    for (let i = 0; i < n; i++) {
      const rest = codes.filter((_, k) => k !== i)
      out.push(straight(rest, chars))
    }
  }
  return out
}

/**
 * The first reading of a run, before any map is known: its glyphs and characters one to one, or
 * with the one character too many or too few placed where the codes stay most consistent (a code
 * drawn twice reads the same both times), or null when they differ by more.
 */
export function firstAlignment(
  codes: readonly number[],
  chars: readonly string[]
): readonly AlignedGlyph[] | null {
  let best: AlignedGlyph[] | null = null
  let bestScore = Infinity
  for (const pairs of candidates(codes, chars)) {
    const score = distinctPairs(pairs)
    if (score < bestScore) {
      best = pairs
      bestScore = score
    }
  }
  return best
}
