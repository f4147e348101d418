import { mupdf } from '../extract/mupdf.js'
import type { PageLayout } from '../shared/layout.js'
import { applyFontMaps, type FontMap } from './apply.js'
import { fontDicts, namesFont } from './font-programs.js'
import { learnFontMaps, type LearnedMap } from './learn.js'
import type { LineRecognizer } from './recognizer.js'
import { repairKinds } from './targets.js'

/** A code is kept in a learned map when at least this share of its readings agree. */
const MIN_AGREEMENT = 0.5

/**
 * The programs of the fonts the pages need repaired, by program id, and among them those that
 * only have holes to fill (targets.ts): a program some page finds wrong is replaced whole.
 */
export type RepairTargets = Readonly<{ programs: Set<string>; fill: Set<string> }>

export function repairTargets(bytes: Uint8Array, layouts: readonly PageLayout[]): RepairTargets {
  const kinds = new Map<string, 'replace' | 'fill'>()
  for (const layout of layouts) {
    for (const [name, kind] of repairKinds(layout)) {
      if (kinds.get(name) !== 'replace') kinds.set(name, kind)
    }
  }
  if (kinds.size === 0) return { programs: new Set(), fill: new Set() }
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    const programs = new Map<string, 'replace' | 'fill'>()
    for (const dict of pdf ? fontDicts(pdf) : []) {
      for (const [name, kind] of kinds) {
        if (!namesFont(name, dict)) continue
        const id = dict.program.id
        if (programs.get(id) !== 'replace') programs.set(id, kind)
      }
    }
    return {
      programs: new Set(programs.keys()),
      fill: new Set([...programs].filter(([, kind]) => kind === 'fill').map(([id]) => id))
    }
  } finally {
    doc.destroy()
  }
}

/** The programs of the fonts the pages need repaired, by program id. */
export function programsToRepair(bytes: Uint8Array, layouts: readonly PageLayout[]): Set<string> {
  return repairTargets(bytes, layouts).programs
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
  const { programs, fill } = repairTargets(bytes, layouts)
  if (programs.size === 0) return { learned: [], bytes }
  const learned = await learnFontMaps(bytes, programs, recognizer, {}, fill)
  return { learned, bytes: applyFontMaps(bytes, learned.map(ocrFontMap)) }
}
