import { MAP_SOURCES, REPAIR_KEY, type MapSource } from '../shared/font-map.js'
import type { FontInfo } from '../shared/layout.js'
import type { mupdf } from './mupdf.js'
import { field } from './pdf-object.js'

type PDFObject = mupdf.PDFObject

const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3'] as const

/**
 * Glyph names that carry no meaning (g12, cid34, glyph5, index7): a font that names its glyphs so
 * and has no /ToUnicode cannot be mapped back to Unicode, whatever the extractor does.
 */
const OPAQUE_GLYPH_NAME = /^(?:g|G|gid|cid|glyph|index|char|c|C)\d+$/

function name(obj: PDFObject): string {
  return obj.isName() ? obj.asName() : ''
}

function isEmbedded(font: PDFObject, subtype: string): boolean {
  if (subtype === 'Type3') return true
  const descendant = font.get('DescendantFonts')
  const holder = descendant.isArray() ? field(descendant, 0) : font
  const descriptor = field(holder, 'FontDescriptor')
  if (!descriptor.isDictionary()) return false
  return FONT_FILES.some((key) => !descriptor.get(key).isNull())
}

function differencesAreOpaque(differences: PDFObject): boolean {
  let opaque = 0
  let names = 0
  for (let i = 0; i < differences.length; i++) {
    const item = differences.get(i)
    if (!item.isName()) continue
    const glyph = item.asName()
    if (glyph === '.notdef' || glyph === 'space') continue
    names++
    if (OPAQUE_GLYPH_NAME.test(glyph)) opaque++
  }
  return names > 0 && opaque * 2 >= names
}

/**
 * The encoding as one string the checks can read:
 * - Type0: `<CMap name>/<Registry>-<Ordering>`, e.g. `Identity-H/Adobe-Identity`;
 * - simple fonts: the base encoding name or `builtin` when the font has none, with
 *   `+Differences` when a /Differences array changes it and `+Differences:opaque` when most of
 *   its glyph names are opaque (g12, cid34).
 */
function encodingOf(font: PDFObject, subtype: string): string {
  const encoding = font.get('Encoding')
  if (subtype === 'Type0') {
    const cmap = encoding.isName() ? encoding.asName() : encoding.isNull() ? 'none' : 'embedded'
    const info = field(field(font.get('DescendantFonts'), 0), 'CIDSystemInfo')
    const registry = info.isDictionary() ? info.get('Registry').asString() : ''
    const ordering = info.isDictionary() ? info.get('Ordering').asString() : ''
    return `${cmap}/${registry}-${ordering}`
  }
  if (encoding.isName()) return encoding.asName()
  if (!encoding.isDictionary()) return 'builtin'
  const base = name(encoding.get('BaseEncoding')) || 'builtin'
  const differences = encoding.get('Differences')
  if (!differences.isArray() || differences.length === 0) return base
  return `${base}+Differences${differencesAreOpaque(differences) ? ':opaque' : ''}`
}

/**
 * The name MuPDF gives the font in structured text, so characters can be traced to their font:
 * the BaseFont (subset prefix included), or for a Type3 font its /Name, else `Type3 (<n> 0 R)`.
 */
function mupdfName(font: PDFObject, subtype: string, objectNumber: number): string {
  const base = name(font.get('BaseFont'))
  if (base || subtype !== 'Type3') return base
  return name(font.get('Name')) || `Type3 (${objectNumber} 0 R)`
}

/** The facts about one font dictionary that decide whether its text can be trusted. */
export function describeFont(font: PDFObject, objectNumber: number): Omit<FontInfo, 'resource'> {
  const subtype = name(font.get('Subtype'))
  const baseFont = mupdfName(font, subtype, objectNumber)
  const info = {
    baseFont,
    subtype,
    encoding: encodingOf(font, subtype),
    hasToUnicode: !font.get('ToUnicode').isNull(),
    embedded: isEmbedded(font, subtype)
  }
  const repair = name(font.get(REPAIR_KEY))
  return (MAP_SOURCES as readonly string[]).includes(repair)
    ? { ...info, repair: repair as MapSource }
    : info
}
