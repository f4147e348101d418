import { tableOffset } from './sfnt-cmap.js'

/** Glyph names of the Macintosh standard order that `post` indices under 258 stand for. */
const STANDARD_NAMES = 258

/**
 * The names a TrueType program gives its glyphs in its `post` table (format 2), by glyph id:
 * a subset re-encoded for a PDF often keeps them ("u0627", "uFEE0") when its cmap no longer
 * says which character a glyph is. Glyphs named by the standard Macintosh order (Latin letters,
 * punctuation) are left out, and so is every glyph of a program without such names.
 */
export function sfntGlyphNames(bytes: Uint8Array): Map<number, string> {
  const names = new Map<number, string>()
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const post = tableOffset(view, 'post')
    if (post < 0 || view.getUint32(post) !== 0x00020000) return names
    const count = view.getUint16(post + 32)
    const indices: number[] = []
    for (let glyph = 0; glyph < count; glyph++) indices.push(view.getUint16(post + 34 + 2 * glyph))
    const strings: string[] = []
    const last = Math.max(...indices) - STANDARD_NAMES
    for (let at = post + 34 + 2 * count; strings.length <= last && at < bytes.length;) {
      const length = view.getUint8(at)
      strings.push(String.fromCharCode(...bytes.subarray(at + 1, at + 1 + length)))
      at += 1 + length
    }
    indices.forEach((index, glyph) => {
      const name = strings[index - STANDARD_NAMES]
      if (index >= STANDARD_NAMES && name !== undefined) names.set(glyph, name)
    })
  } catch {
    names.clear()
  }
  return names
}
