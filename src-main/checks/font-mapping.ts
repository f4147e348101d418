import type { FontInfo } from '../shared/layout.js'

/** CID collections whose character ids MuPDF maps to Unicode without a /ToUnicode. */
const KNOWN_COLLECTIONS = ['Adobe-GB1', 'Adobe-CNS1', 'Adobe-Japan1', 'Adobe-Korea1', 'Adobe-KR']

/**
 * Why a font's characters cannot be trusted, or null when they can. Without /ToUnicode, MuPDF
 * falls back on the encoding: standard encodings and meaningful glyph names map correctly (the
 * non-embedded Times and Helvetica of old files), but an Identity CMap of an arbitrary
 * collection, a symbolic TrueType with no encoding (ocrmypdf truetype_font_nomapping: "7+%-"),
 * or glyph names like g12 (TAMReview's Cambria) yield U+FFFD or, worse, plausible wrong letters.
 */
export function unmappedReason(font: FontInfo): string | null {
  if (font.hasToUnicode) return null
  const encoding = font.encoding
  if (font.subtype === 'Type0') {
    const [cmap = '', collection = ''] = encoding.split('/')
    const predefined = !cmap.startsWith('Identity') && cmap !== 'embedded' && cmap !== 'none'
    if (predefined || KNOWN_COLLECTIONS.includes(collection)) return null
    return `no /ToUnicode and the ${cmap} encoding`
  }
  if (encoding.endsWith('Differences:opaque')) return 'no /ToUnicode and opaque glyph names'
  if (encoding === 'builtin' && font.subtype === 'TrueType' && font.embedded) {
    return "no /ToUnicode and only the font program's own encoding"
  }
  return null
}
