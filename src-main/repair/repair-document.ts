import { mupdf } from '../extract/mupdf.js'
import type { PageLayout } from '../shared/layout.js'
import { applyFontMaps, type FontMap } from './apply.js'
import { fontDicts, namesFont } from './font-programs.js'
import { learnFontMaps, type LearnedMap } from './learn.js'
import type { LineRecognizer } from './recognizer.js'
import { fontsToRepair } from './targets.js'

/** A code is kept in a learned map when at least this share of its readings agree. */
const MIN_AGREEMENT = 0.5

/** The programs of the fonts the pages need repaired, by program id. */
export function programsToRepair(bytes: Uint8Array, layouts: readonly PageLayout[]): Set<string> {
  const names = new Set<string>()
  for (const layout of layouts) for (const name of fontsToRepair(layout)) names.add(name)
  if (names.size === 0) return new Set()
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    if (!pdf) return new Set()
    return new Set(
      fontDicts(pdf)
        .filter((dict) => [...names].some((name) => namesFont(name, dict)))
        .map((dict) => dict.program.id)
    )
  } finally {
    doc.destroy()
  }
}

/** A learned map as applied: the codes its readings agree on. */
export function ocrFontMap(learned: LearnedMap): FontMap {
  const map = new Map<number, string>()
  for (const reading of learned.readings) {
    if (reading.votes >= MIN_AGREEMENT * reading.seen) map.set(reading.code, reading.text)
  }
  return { program: learned.program.id, source: 'ocr', map }
}

export type DocumentRepair = Readonly<{ learned: readonly LearnedMap[]; bytes: Uint8Array }>

/**
 * Learns the maps of the fonts `layouts` (the document's extracted pages) need repaired from the
 * document's own rendered glyphs, and gives the document with those maps applied; the same bytes
 * when no font needs it.
 */
export async function repairDocument(
  bytes: Uint8Array,
  layouts: readonly PageLayout[],
  recognizer: LineRecognizer
): Promise<DocumentRepair> {
  const programs = programsToRepair(bytes, layouts)
  if (programs.size === 0) return { learned: [], bytes }
  const learned = await learnFontMaps(bytes, programs, recognizer)
  return { learned, bytes: applyFontMaps(bytes, learned.map(ocrFontMap)) }
}
