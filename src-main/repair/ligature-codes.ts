import type { RunReading } from './run-reading.js'
import type { CodeReading } from './votes.js'

/**
 * The letters of the ligatures type sets as one glyph, by the letters that end them: "ﬁ" is f
 * and i, "ﬄ" f, f and l. "ﬀ" is left out: read as "f", its width says nothing a wide f or a
 * space misread as "f" would not say too.
 */
const LIGATURES = ['fi', 'fl', 'ffi', 'ffl'] as const

/** How far a glyph's advance may be from the sum of its letters' (kerning, the joined f's hook). */
const WIDTH_TOLERANCE = 0.12

/** Each code's advance as a share of the size, the middle of its inked sightings. */
function advances(readings: readonly RunReading[]): Map<number, number> {
  const seen = new Map<number, number[]>()
  for (const { run, inked } of readings) {
    run.codes.forEach((code, i) => {
      if (!inked[i] || run.size <= 0) return
      const width = ((run.charX[2 * i + 1] ?? 0) - (run.charX[2 * i] ?? 0)) / run.size
      const list = seen.get(code) ?? []
      list.push(width)
      seen.set(code, list)
    })
  }
  const out = new Map<number, number>()
  for (const [code, widths] of seen) {
    widths.sort((a, b) => a - b)
    out.set(code, widths[widths.length >> 1]!)
  }
  return out
}

/**
 * Ligature glyphs the votes read as their last letters. OCR often reads "ﬁ" as "i" (its f
 * drawn joined to the dot) and "ﬃ" as "fi", and the map then dropped an f of every one ("édiier",
 * "relets", "afirme"). A code read as a text another code of the font also stands for, whose
 * advance is that of f's and that text (the widths of the font's own most seen f and of the
 * text's most seen code), stands for the whole ligature.
 */
export function withLigatures(
  readings: readonly RunReading[],
  map: readonly CodeReading[]
): CodeReading[] {
  const width = advances(readings)
  const codesOf = new Map<string, number[]>()
  for (const r of map) codesOf.set(r.text, [...(codesOf.get(r.text) ?? []), r.code])
  const seen = new Map(map.map((r) => [r.code, r.seen]))
  // A letter's width is its most seen code's: the plain letter, not the rare ligature.
  const usual = (text: string): number | undefined => {
    const codes = (codesOf.get(text) ?? []).filter((c) => width.has(c))
    codes.sort((a, b) => (seen.get(b) ?? 0) - (seen.get(a) ?? 0))
    return codes.length > 0 ? width.get(codes[0]!) : undefined
  }
  const f = usual('f')
  if (f === undefined) return [...map]
  return map.map((r) => {
    const w = width.get(r.code)
    const letter = usual(r.text)
    if (w === undefined || letter === undefined || (codesOf.get(r.text)?.length ?? 0) < 2) return r
    if (w <= letter * (1 + WIDTH_TOLERANCE)) return r
    const ligature = LIGATURES.filter((l) => l.length > r.text.length && l.endsWith(r.text)).find(
      (l) => {
        const sum = f * (l.length - r.text.length) + letter
        return Math.abs(w - sum) <= sum * WIDTH_TOLERANCE
      }
    )
    return ligature ? { ...r, text: ligature } : r
  })
}
