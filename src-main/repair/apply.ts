import { mupdf } from '../extract/mupdf.js'
import { fontDicts } from './font-programs.js'
import { toUnicodeCMap } from './to-unicode.js'

/** Where a map's entries came from, as the review screen says. */
export const MAP_SOURCES = ['ocr', 'reviewer', 'edited'] as const
export type MapSource = (typeof MAP_SOURCES)[number]

/** A font program's map as applied: code to text, and where it came from. */
export type FontMap = Readonly<{
  program: string
  source: MapSource
  map: ReadonlyMap<number, string>
}>

/**
 * The key Recto writes beside the /ToUnicode it puts in a font: the map's source, which the
 * extraction reports in the font's description so the page can say its text was repaired.
 */
export const REPAIR_KEY = 'RectoFontMap'

/**
 * The document with each font of a mapped program given the learned map as its /ToUnicode (any
 * old one, broken by definition, is replaced), saved to new bytes: extracting them reads every
 * glyph where it was, now with its text.
 */
export function applyFontMaps(bytes: Uint8Array, maps: readonly FontMap[]): Uint8Array {
  const byProgram = new Map(maps.map((m) => [m.program, m]))
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
  try {
    const pdf = doc.asPDF()
    if (!pdf) return bytes
    let changed = false
    for (const dict of fontDicts(pdf)) {
      const found = byProgram.get(dict.program.id)
      if (!found) continue
      dict.ref.put('ToUnicode', pdf.addStream(toUnicodeCMap(found.map, dict.program.width), {}))
      dict.ref.put(REPAIR_KEY, pdf.newName(found.source))
      changed = true
    }
    if (!changed) return bytes
    const saved = pdf.saveToBuffer('')
    try {
      return saved.asUint8Array().slice()
    } finally {
      saved.destroy()
    }
  } finally {
    doc.destroy()
  }
}
