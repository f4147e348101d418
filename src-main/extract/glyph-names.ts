import { takeBytes } from './buffer-bytes.js'
import { cffGlyphNames } from './cff-encoding.js'
import type { mupdf } from './mupdf.js'
import type { PdfFile } from './open.js'
import { field } from './pdf-object.js'
import { texGlyphText } from './tex-glyphs.js'

type PDFObject = mupdf.PDFObject

/** Simple fonts: their character codes are what MuPDF reports for a glyph it cannot map. */
const SIMPLE = new Set(['Type1', 'MMType1', 'TrueType', 'Type3'])

function nameOf(obj: PDFObject): string {
  return obj.isName() ? obj.asName() : ''
}

/** The decoded stream's bytes. */
function bytesOf(stream: PDFObject): Uint8Array {
  return takeBytes(stream.readStream())
}

/** `dup <code> /<name> put` entries of a Type 1 font program's clear-text encoding. */
function type1GlyphNames(program: Uint8Array, clearLength: number): Map<number, string> {
  const names = new Map<number, string>()
  const end = clearLength > 0 ? Math.min(clearLength, program.length) : program.length
  const text = new TextDecoder('latin1').decode(program.subarray(0, end))
  for (const m of text.matchAll(/dup\s+(\d{1,3})\s*\/([^\s/[\]{}()<>%]+)\s+put/g)) {
    names.set(Number(m[1]), m[2] ?? '')
  }
  return names
}

/** Code → glyph name the font program itself assigns (its built-in encoding). */
function builtinNames(font: PDFObject): Map<number, string> {
  const descriptor = field(font, 'FontDescriptor')
  if (!descriptor.isDictionary()) return new Map()
  const type1 = descriptor.get('FontFile')
  if (type1.isStream()) {
    const length = field(type1, 'Length1')
    return type1GlyphNames(bytesOf(type1), length.isNumber() ? length.asNumber() : 0)
  }
  const compact = descriptor.get('FontFile3')
  if (compact.isStream() && nameOf(field(compact, 'Subtype')) === 'Type1C') {
    return cffGlyphNames(bytesOf(compact))
  }
  return new Map()
}

/** Code → glyph name from the font's /Encoding /Differences. */
function differenceNames(font: PDFObject): Map<number, string> {
  const names = new Map<number, string>()
  const differences = field(field(font, 'Encoding'), 'Differences')
  if (!differences.isArray()) return names
  let code = 0
  for (let i = 0; i < differences.length; i++) {
    const item = differences.get(i)
    if (item.isNumber()) code = item.asNumber()
    else if (item.isName()) names.set(code++, item.asName())
  }
  return names
}

/**
 * Each code's glyph name in a simple font: the /Differences name where there is one, else the
 * font program's own (none where MuPDF cannot decode the program).
 */
export function codeGlyphNames(font: PDFObject): Map<number, string> {
  let names: Map<number, string>
  try {
    names = builtinNames(font)
  } catch {
    names = new Map()
  }
  for (const [code, name] of differenceNames(font)) names.set(code, name)
  return names
}

/**
 * Code → text for the codes of a simple font whose glyph names are TeX math names: the
 * /Differences name where there is one, else the font program's own. Empty for other fonts.
 */
function texCodes(font: PDFObject): ReadonlyMap<number, string> {
  const codes = new Map<number, string>()
  if (!SIMPLE.has(nameOf(field(font, 'Subtype')))) return codes
  for (const [code, name] of codeGlyphNames(font)) {
    const text = texGlyphText(name)
    if (text !== undefined) codes.set(code, text)
  }
  return codes
}

const perFile = new WeakMap<PdfFile, Map<number, ReadonlyMap<number, string>>>()

/** `texCodes` once per font object of a file: a font serves many pages. */
export function fontTexCodes(file: PdfFile, font: PDFObject): ReadonlyMap<number, string> {
  let cache = perFile.get(file)
  if (!cache) {
    cache = new Map()
    perFile.set(file, cache)
  }
  const num = font.isIndirect() ? font.asIndirect() : -1
  const cached = num >= 0 ? cache.get(num) : undefined
  if (cached) return cached
  const codes = texCodes(font)
  if (num >= 0) cache.set(num, codes)
  return codes
}
