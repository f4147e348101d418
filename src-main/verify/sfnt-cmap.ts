/**
 * The character maps a TrueType or OpenType font program carries (its `cmap` table), as its
 * designer wrote them: which glyph each character draws. Verification takes them as the font's
 * own word on what its glyphs are, against the /ToUnicode a PDF producer wrote beside it.
 */
export type SfntCharacterMaps = Readonly<{
  /** Unicode code point → glyph id (platform 0, or Windows Unicode BMP and full repertoire). */
  unicode: ReadonlyMap<number, number>
  /** Windows symbol fonts' map (platform 3, encoding 0): codes, often at U+F000 and up. */
  symbol: ReadonlyMap<number, number>
  /** The Macintosh Roman map (platform 1, encoding 0): one-byte codes. */
  mac: ReadonlyMap<number, number>
}>

const EMPTY: SfntCharacterMaps = { unicode: new Map(), symbol: new Map(), mac: new Map() }

/** Where a table starts, or -1; TrueType collections and other wrappers are not read. */
export function tableOffset(view: DataView, tag: string): number {
  const version = view.getUint32(0)
  if (version !== 0x00010000 && version !== 0x4f54544f && version !== 0x74727565) return -1
  const count = view.getUint16(4)
  for (let i = 0; i < count; i++) {
    const record = 12 + 16 * i
    let name = ''
    for (let k = 0; k < 4; k++) name += String.fromCharCode(view.getUint8(record + k))
    if (name === tag) return view.getUint32(record + 8)
  }
  return -1
}

/** One subtable's code → glyph pairs (formats 0, 4, 6 and 12, those fonts in PDFs carry). */
function subtable(view: DataView, at: number): Map<number, number> {
  const map = new Map<number, number>()
  const format = view.getUint16(at)
  if (format === 0) {
    for (let code = 0; code < 256; code++) {
      const glyph = view.getUint8(at + 6 + code)
      if (glyph !== 0) map.set(code, glyph)
    }
  } else if (format === 4) {
    const segments = view.getUint16(at + 6) / 2
    const ends = at + 14
    const starts = ends + 2 * segments + 2
    const deltas = starts + 2 * segments
    const ranges = deltas + 2 * segments
    for (let s = 0; s < segments; s++) {
      const end = view.getUint16(ends + 2 * s)
      const start = view.getUint16(starts + 2 * s)
      const delta = view.getUint16(deltas + 2 * s)
      const rangeAt = ranges + 2 * s
      const range = view.getUint16(rangeAt)
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number
        if (range === 0) glyph = (code + delta) & 0xffff
        else {
          const index = view.getUint16(rangeAt + range + 2 * (code - start))
          glyph = index === 0 ? 0 : (index + delta) & 0xffff
        }
        if (glyph !== 0) map.set(code, glyph)
      }
    }
  } else if (format === 6) {
    const first = view.getUint16(at + 6)
    const count = view.getUint16(at + 8)
    for (let i = 0; i < count; i++) {
      const glyph = view.getUint16(at + 10 + 2 * i)
      if (glyph !== 0) map.set(first + i, glyph)
    }
  } else if (format === 12) {
    const groups = view.getUint32(at + 12)
    for (let g = 0; g < groups; g++) {
      const group = at + 16 + 12 * g
      const start = view.getUint32(group)
      const end = view.getUint32(group + 4)
      const glyph = view.getUint32(group + 8)
      // A group spanning more than a plane is no real font's: read no further than one.
      for (let code = start; code <= end && code - start < 0x10000; code++) {
        if (glyph + code - start !== 0) map.set(code, glyph + code - start)
      }
    }
  }
  return map
}

/**
 * The `cmap` subtables of a TrueType or OpenType font program; empty maps when it has none or
 * cannot be read (a CFF or Type1 program, a damaged table): such a font's word is simply not had.
 */
export function sfntCharacterMaps(bytes: Uint8Array): SfntCharacterMaps {
  try {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const cmap = tableOffset(view, 'cmap')
    if (cmap < 0) return EMPTY
    const unicode = new Map<number, number>()
    const symbol = new Map<number, number>()
    const mac = new Map<number, number>()
    const count = view.getUint16(cmap + 2)
    for (let i = 0; i < count; i++) {
      const record = cmap + 4 + 8 * i
      const platform = view.getUint16(record)
      const encoding = view.getUint16(record + 2)
      const into =
        platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))
          ? unicode
          : platform === 3 && encoding === 0
            ? symbol
            : platform === 1 && encoding === 0
              ? mac
              : null
      if (!into) continue
      for (const [code, glyph] of subtable(view, cmap + view.getUint32(record + 4))) {
        if (!into.has(code)) into.set(code, glyph)
      }
    }
    return { unicode, symbol, mac }
  } catch {
    return EMPTY
  }
}
