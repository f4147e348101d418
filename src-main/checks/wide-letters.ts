import type { PageLayout } from '../shared/layout.js'

/** A glyph this much wider than its letter usually is in its font stands for more than it. */
const WIDER = 1.45
/** Sightings of a letter in a font below which its usual width is not known. */
const MIN_SIGHTINGS = 3

/** A subset font's name without its tag: "ABCDEF+Georgia" is "Georgia". */
const plainName = (name: string): string => name.replace(/^[A-Z]{6}\+/u, '')

/**
 * Words of text drawn with a repaired font where a glyph is far wider than the letter its map
 * gives it elsewhere in that font: a ligature read as one of its letters ("transigure" with a
 * glyph "ﬁ" as wide as f and i together read as "i") loses the others, and the page reads
 * plausibly. Each example is the word with the wide glyph.
 */
export function wideLetterWords(layout: PageLayout): string[] {
  const repaired = new Set(
    layout.fonts.filter((f) => f.repair !== undefined).map((f) => plainName(f.baseFont))
  )
  if (repaired.size === 0) return []
  const glyphs: Array<{ key: string; width: number; chars: string[]; at: number }> = []
  for (const block of layout.blocks) {
    for (const line of block.lines) {
      // A word may run over spans (a glyph set apart in size or scale is a span of its own).
      const chars = line.spans.flatMap((span) => [...span.text])
      let offset = 0
      for (const span of line.spans) {
        const own = [...span.text]
        if (repaired.has(plainName(span.font)) && span.size > 0) {
          own.forEach((ch, i) => {
            if (!/^\p{L}$/u.test(ch)) return
            const width = ((span.charX[2 * i + 1] ?? 0) - (span.charX[2 * i] ?? 0)) / span.size
            glyphs.push({ key: `${span.font}\u0000${ch}`, width, chars, at: offset + i })
          })
        }
        offset += own.length
      }
    }
  }
  const widths = new Map<string, number[]>()
  for (const g of glyphs) widths.set(g.key, [...(widths.get(g.key) ?? []), g.width])
  const usual = new Map<string, number>()
  for (const [key, list] of widths) {
    if (list.length < MIN_SIGHTINGS) continue
    list.sort((a, b) => a - b)
    usual.set(key, list[list.length >> 1]!)
  }
  const words = new Set<string>()
  for (const g of glyphs) {
    const width = usual.get(g.key)
    if (width === undefined || width <= 0 || g.width < width * WIDER) continue
    words.add(wordAt(g.chars, g.at))
  }
  return [...words]
}

function wordAt(chars: readonly string[], at: number): string {
  let start = at
  let end = at + 1
  while (start > 0 && /\p{L}/u.test(chars[start - 1]!)) start--
  while (end < chars.length && /\p{L}/u.test(chars[end]!)) end++
  return chars.slice(start, end).join('')
}
