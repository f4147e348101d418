/**
 * ToUnicode CMaps (PDF 32000 9.10.3): the learned map of a font program written as the stream a
 * PDF would carry, and the probe that makes MuPDF report every glyph's character code.
 */

/** Bytes per character code: simple fonts use one, Type0 fonts with Identity-H two. */
export type CodeWidth = 1 | 2

/**
 * Plane 15's private-use area: a probed glyph reads as PROBE_BASE + its code, which no real text
 * uses, so the code comes back out of the extracted text together with the glyph's position.
 */
export const PROBE_BASE = 0xf0000
const PROBE_END = 0xffffd

function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0')
}

function utf16(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) out += hex(text.charCodeAt(i), 4)
  return out
}

function cmap(name: string, width: CodeWidth, sections: readonly string[]): string {
  const top = width === 1 ? 'FF' : 'FFFF'
  const bottom = width === 1 ? '00' : '0000'
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    `/CMapName /${name} def`,
    '/CMapType 2 def',
    '1 begincodespacerange',
    `<${bottom}> <${top}>`,
    'endcodespacerange',
    ...sections,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
    ''
  ].join('\n')
}

/** At most 100 entries to a section, as the CMap format requires. */
function sections(kind: 'bfchar' | 'bfrange', entries: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100)
    out.push(`${chunk.length} begin${kind}`, ...chunk, `end${kind}`)
  }
  return out
}

/** The probe: every code of the width maps to PROBE_BASE + code (one range per high byte). */
export function probeCMap(width: CodeWidth): string {
  const ranges: string[] = []
  const highs = width === 1 ? 1 : 256
  for (let high = 0; high < highs; high++) {
    const first = high * 256
    const base = PROBE_BASE + first - 0x10000
    // A range may only vary its last byte, in code and in the UTF-16 destination alike: 256
    // codes starting at a multiple of 256 stay under one high surrogate.
    const lead = 0xd800 + (base >> 10)
    const trail = 0xdc00 + (base & 0x3ff)
    const digits = width * 2
    ranges.push(
      `<${hex(first, digits)}> <${hex(first + 255, digits)}> <${hex(lead, 4)}${hex(trail, 4)}>`
    )
  }
  return cmap('Recto-Probe', width, sections('bfrange', ranges))
}

/** The character code a probed glyph stands for, or null for any other character. */
export function probedCode(codePoint: number): number | null {
  return codePoint >= PROBE_BASE && codePoint <= PROBE_END ? codePoint - PROBE_BASE : null
}

/** A learned map as a ToUnicode CMap: code to text, in code order. */
export function toUnicodeCMap(map: ReadonlyMap<number, string>, width: CodeWidth): string {
  const entries = [...map]
    .filter(([, text]) => text.length > 0)
    .sort(([a], [b]) => a - b)
    .map(([code, text]) => `<${hex(code, width * 2)}> <${utf16(text)}>`)
  return cmap('Recto-Repaired', width, sections('bfchar', entries))
}
