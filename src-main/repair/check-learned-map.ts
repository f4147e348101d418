import { glyphNameText } from './glyph-name-text.js'
import type { CodeReading } from './votes.js'

/** What the font itself says of one code: its glyph name, its advance width, whether it inks. */
export type CodeEvidence = Readonly<{ name?: string; width?: number; inked?: boolean }>

/** A learned reading the font's evidence changed (`text` the new one) or left out (`text` null). */
export type Dispute = Readonly<{ code: number; read: string; text: string | null; reason: string }>

export type CheckedMap = Readonly<{ readings: CodeReading[]; disputes: Dispute[] }>

/** Widths of two glyphs that differ by more than this share are two different glyphs. */
const WIDTH_TOLERANCE = 0.02

/**
 * A map learned by OCR checked against the font's own evidence before it is applied. OCR reads
 * a space as the italic letter leaning into it ("Thefdegreeftofwhich") and a "1" as a "6":
 * - a code whose glyph name means a character takes that character (as if every reading agreed);
 * - a code whose glyph draws no ink is a space, one that draws ink is not;
 * - codes read as the same character must be the same glyph: if their widths or glyph names
 *   differ, the ones no glyph name confirms are left out of the map, so their text stays
 *   visibly unmapped (U+FFFD) for a reviewer rather than passing as a wrong letter.
 */
export function checkLearnedMap(
  readings: readonly CodeReading[],
  evidence: ReadonlyMap<number, CodeEvidence>
): CheckedMap {
  const disputes: Dispute[] = []
  const confirmed = new Set<number>()
  const settled = readings.map((reading): CodeReading | null => {
    const found = evidence.get(reading.code) ?? {}
    const named = found.name === undefined ? undefined : glyphNameText(found.name)
    if (named !== undefined) {
      confirmed.add(reading.code)
      if (named === reading.text) return reading
      disputes.push({ ...dispute(reading, named), reason: `its glyph is named /${found.name}` })
      return { ...reading, text: named, votes: reading.seen }
    }
    const blank = reading.text.trim() === ''
    if (found.inked === false && !blank) {
      disputes.push({ ...dispute(reading, ' '), reason: 'its glyph draws no ink' })
      return { ...reading, text: ' ', votes: reading.seen }
    }
    if (found.inked === true && blank) {
      disputes.push({ ...dispute(reading, null), reason: 'its glyph draws ink' })
      return null
    }
    return reading
  })
  const kept = settled.filter((reading): reading is CodeReading => reading !== null)
  const left = new Set<number>()
  for (const group of sameText(kept)) {
    const sure = group.filter((r) => confirmed.has(r.code))
    const judged = sure.length > 0 ? sure : group
    for (const reading of group) {
      if (confirmed.has(reading.code)) continue
      const other = judged.find(
        (o) => o.code !== reading.code && differ(evidence.get(o.code), evidence.get(reading.code))
      )
      if (!other) continue
      left.add(reading.code)
      disputes.push({
        ...dispute(reading, null),
        reason: `code ${other.code} is read "${other.text}" too but is another glyph`
      })
    }
  }
  return { readings: kept.filter((r) => !left.has(r.code)), disputes }
}

function dispute(reading: CodeReading, text: string | null): Omit<Dispute, 'reason'> {
  return { code: reading.code, read: reading.text, text }
}

/** Readings of more than one code that share one visible text. */
function sameText(readings: readonly CodeReading[]): CodeReading[][] {
  const byText = new Map<string, CodeReading[]>()
  for (const reading of readings) {
    if (reading.text.trim() === '') continue
    byText.set(reading.text, [...(byText.get(reading.text) ?? []), reading])
  }
  return [...byText.values()].filter((group) => group.length > 1)
}

function differ(a: CodeEvidence | undefined, b: CodeEvidence | undefined): boolean {
  if (a?.width !== undefined && b?.width !== undefined) {
    const widest = Math.max(Math.abs(a.width), Math.abs(b.width), 1)
    if (Math.abs(a.width - b.width) > WIDTH_TOLERANCE * widest) return true
  }
  return a?.name !== undefined && b?.name !== undefined && a.name !== b.name
}
