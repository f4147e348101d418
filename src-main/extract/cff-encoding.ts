/**
 * The built-in encoding of a bare CFF font program (a PDF's /FontFile3 /Type1C): which glyph name
 * each character code draws. Only glyphs named by the font's own string table are reported: the
 * 391 standard strings are Adobe glyph names MuPDF maps to Unicode by itself, while TeX's math
 * fonts name their glyphs with strings of their own ("summationdisplay", "bracehtipupleft").
 * Layout from Adobe Technical Note #5176 (The Compact Font Format Specification).
 */

const STANDARD_STRINGS = 391

class Reader {
  constructor(
    readonly data: Uint8Array,
    public at = 0
  ) {}

  card8(): number {
    const v = this.data[this.at]
    if (v === undefined) throw new RangeError('CFF data ends early')
    this.at++
    return v
  }

  card16(): number {
    return (this.card8() << 8) | this.card8()
  }

  offset(size: number): number {
    let v = 0
    for (let i = 0; i < size; i++) v = v * 256 + this.card8()
    return v
  }
}

/** An INDEX (count, offset size, offsets, data) as its items' byte ranges; the reader moves past it. */
function readIndex(r: Reader): Array<[number, number]> {
  const count = r.card16()
  if (count === 0) return []
  const size = r.card8()
  const offsets: number[] = []
  for (let i = 0; i <= count; i++) offsets.push(r.offset(size))
  const base = r.at - 1
  r.at = base + (offsets[count] ?? 1)
  return offsets.slice(0, count).map((o, i) => [base + o, base + (offsets[i + 1] ?? o)])
}

/** The Top DICT operators used here: 15 charset, 16 Encoding, 17 CharStrings offsets. */
function readTopDict(data: Uint8Array, start: number, end: number): Map<number, number> {
  const r = new Reader(data, start)
  const entries = new Map<number, number>()
  const operands: number[] = []
  while (r.at < end) {
    const b0 = r.card8()
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + r.card8() : b0
      entries.set(op, operands[operands.length - 1] ?? 0)
      operands.length = 0
    } else if (b0 === 28) operands.push(((r.card16() << 16) >> 16) as number)
    else if (b0 === 29) operands.push(r.offset(4) | 0)
    else if (b0 === 30) {
      // A real number: nibbles up to an 0xf nibble. Only offsets matter here, which are integers.
      let byte: number
      do byte = r.card8()
      while ((byte & 0x0f) !== 0x0f && (byte & 0xf0) !== 0xf0)
      operands.push(0)
    } else if (b0 >= 32 && b0 <= 246) operands.push(b0 - 139)
    else if (b0 >= 247 && b0 <= 250) operands.push((b0 - 247) * 256 + r.card8() + 108)
    else if (b0 >= 251 && b0 <= 254) operands.push(-(b0 - 251) * 256 - r.card8() - 108)
  }
  return entries
}

/** Glyph index → string id, from a custom charset (predefined charsets hold standard strings only). */
function readCharset(data: Uint8Array, offset: number, glyphs: number): number[] {
  const sids = [0]
  if (offset <= 2) return sids
  const r = new Reader(data, offset)
  const format = r.card8()
  while (sids.length < glyphs) {
    if (format === 0) sids.push(r.card16())
    else {
      const first = r.card16()
      const left = format === 1 ? r.card8() : r.card16()
      for (let i = 0; i <= left && sids.length < glyphs; i++) sids.push(first + i)
    }
  }
  return sids
}

/** Code → string id of the glyph it draws, from a custom encoding and its supplements. */
function readEncoding(
  data: Uint8Array,
  offset: number,
  sids: readonly number[]
): Map<number, number> {
  const codes = new Map<number, number>()
  if (offset <= 1) return codes
  const r = new Reader(data, offset)
  const format = r.card8()
  let glyph = 1
  if ((format & 0x7f) === 0) {
    const count = r.card8()
    for (let i = 0; i < count; i++) codes.set(r.card8(), sids[glyph++] ?? 0)
  } else {
    const ranges = r.card8()
    for (let i = 0; i < ranges; i++) {
      const first = r.card8()
      const left = r.card8()
      for (let k = 0; k <= left; k++) codes.set(first + k, sids[glyph++] ?? 0)
    }
  }
  if (format & 0x80) {
    const supplements = r.card8()
    for (let i = 0; i < supplements; i++) {
      const code = r.card8()
      codes.set(code, r.card16())
    }
  }
  return codes
}

/**
 * Character code → glyph name for the codes of a CFF font whose glyphs carry names of the font's
 * own. Empty for a CID-keyed font, a predefined encoding, or data that is not a CFF font.
 */
export function cffGlyphNames(data: Uint8Array): Map<number, string> {
  const names = new Map<number, string>()
  try {
    const r = new Reader(data, 0)
    r.card8()
    r.card8()
    r.at = r.card8()
    readIndex(r)
    const [top] = readIndex(r)
    const strings = readIndex(r)
    if (!top) return names
    const dict = readTopDict(data, top[0], top[1])
    // ROS (12 30) marks a CID-keyed font: its codes are CIDs, not names.
    if (dict.has(1230)) return names
    const charStrings = dict.get(17)
    if (charStrings === undefined) return names
    const glyphs = new Reader(data, charStrings).card16()
    const sids = readCharset(data, dict.get(15) ?? 0, glyphs)
    const decoder = new TextDecoder('latin1')
    for (const [code, sid] of readEncoding(data, dict.get(16) ?? 0, sids)) {
      const range = strings[sid - STANDARD_STRINGS]
      if (range) names.set(code, decoder.decode(data.subarray(range[0], range[1])))
    }
  } catch (error) {
    // A truncated or damaged font program names nothing; MuPDF's own reading stands.
    if (!(error instanceof RangeError)) throw error
  }
  return names
}
