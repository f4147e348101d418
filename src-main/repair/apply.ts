import { takeBytes } from '../extract/buffer-bytes.js'
import { mupdf } from '../extract/mupdf.js'
import { REPAIR_KEY, type MapSource } from '../shared/font-map.js'
import { fontDicts } from './font-programs.js'
import { toUnicodeCMap } from './to-unicode.js'

/** A font program's map as applied: code to text, and where it came from. */
export type FontMap = Readonly<{
  program: string
  source: MapSource
  map: ReadonlyMap<number, string>
}>

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
    return takeBytes(pdf.saveToBuffer(''))
  } finally {
    doc.destroy()
  }
}
