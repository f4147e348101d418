import { takeBytes } from '../extract/buffer-bytes.js'
import type { mupdf } from '../extract/mupdf.js'
import { field } from '../extract/pdf-object.js'
import type { FontDict } from '../repair/font-programs.js'
import { foldLetters } from './compare-readings.js'
import { sfntCharacterMaps, type SfntCharacterMaps } from './sfnt-cmap.js'
import { sfntGlyphNames } from './sfnt-glyph-names.js'
import { glyphNameText } from '../repair/glyph-name-text.js'
import { arabicGlyphNameText } from './arabic-glyph-names.js'
import { toUnicodeEntries } from './to-unicode-entries.js'

type PDFObject = mupdf.PDFObject

/** How a font's /ToUnicode letters stand against its program's own cmap, code by code. */
export type ProgramWitness = Readonly<{
  /** Codes the /ToUnicode gives a letter. */
  letters: number
  /** Of those, the ones whose glyph the program's cmap gives a character (in any form). */
  witnessed: number
  /** Of those, the ones where the two give other letters. */
  differ: number
}>

/**
 * Letter codes whose glyphs the program must name before its word counts: a few letters could
 * agree by chance under a map that is wrong elsewhere; eight distinct ones all agreeing do not
 * (a font is doubted for its Arabic once it draws ten Arabic letters).
 */
const MIN_WITNESSED = 8
/**
 * Share of the map's letters the program must name: an Arabic font reaches its joined forms
 * through its layout tables, not its cmap, and a map wrong only on those would pass unseen.
 */
const MIN_COVERED = 0.9

/** Whether the program's word settles the map as right, with no need to read its glyphs. */
export function programConfirms(witness: ProgramWitness): boolean {
  return (
    witness.witnessed >= MIN_WITNESSED &&
    witness.witnessed >= MIN_COVERED * witness.letters &&
    witness.differ === 0
  )
}

function fontFileBytes(descriptor: PDFObject): Uint8Array | null {
  const file = field(descriptor, 'FontFile2')
  const otf = field(descriptor, 'FontFile3')
  const stream = file.isStream() ? file : otf.isStream() ? otf : null
  if (!stream) return null
  return takeBytes(stream.readStream())
}

/** Code → glyph id through a CIDFontType2's /CIDToGIDMap (absent or /Identity: the same). */
function cidGlyphs(cidFont: PDFObject): (code: number) => number | undefined {
  const map = field(cidFont, 'CIDToGIDMap')
  if (!map.isStream()) return (code) => code
  const bytes = takeBytes(map.readStream())
  return (code) =>
    2 * code + 1 < bytes.length ? (bytes[2 * code]! << 8) | bytes[2 * code + 1]! : undefined
}

/**
 * Code → glyph id of a simple TrueType font as readers resolve it (PDF 32000 9.6.6.4) where no
 * /Differences rename codes: a symbol cmap at U+F000 and up (or as it is), else the Macintosh
 * one, else the Unicode one for ASCII codes, which every standard encoding gives alike.
 */
function simpleGlyphs(maps: SfntCharacterMaps): (code: number) => number | undefined {
  if (maps.symbol.size > 0) {
    return (code) => maps.symbol.get(0xf000 + code) ?? maps.symbol.get(code)
  }
  if (maps.mac.size > 0) return (code) => maps.mac.get(code)
  return (code) => (code < 0x80 ? maps.unicode.get(code) : undefined)
}

/**
 * The font program's own word on its /ToUnicode: for each code the map gives a letter, the
 * characters the program's cmap draws that code's glyph for and the one its glyph name means
 * (`uni0627`, `uFEE0`: repair/glyph-name-text.ts; `tahfinal`: arabic-glyph-names.ts), compared once folded (an Arabic
 * presentation form is its letter, a Persian yeh the Arabic one). Null when the font has no
 * /ToUnicode or no program with a cmap to ask, or when codes reach glyphs in a way not read here
 * (a Type0 font whose CMap is not Identity, a simple font with /Differences).
 */
export function programWitness(dict: FontDict): ProgramWitness | null {
  const font = dict.ref
  const toUnicode = field(font, 'ToUnicode')
  if (!toUnicode.isStream()) return null
  const subtype = field(font, 'Subtype').asName()
  let holder = font
  if (subtype === 'Type0') {
    const encoding = field(font, 'Encoding')
    if (!encoding.isName() || !encoding.asName().startsWith('Identity')) return null
    holder = field(field(font, 'DescendantFonts'), 0)
    if (field(holder, 'Subtype').asName() !== 'CIDFontType2') return null
  } else if (subtype !== 'TrueType' || field(field(font, 'Encoding'), 'Differences').isArray()) {
    return null
  }
  const bytes = fontFileBytes(field(holder, 'FontDescriptor'))
  if (!bytes) return null
  const maps = sfntCharacterMaps(bytes)
  const glyphOf = subtype === 'Type0' ? cidGlyphs(holder) : simpleGlyphs(maps)
  const letterGlyphs = new Map<number, string>()
  const entries = toUnicodeEntries(
    new TextDecoder('latin1').decode(takeBytes(toUnicode.readStream()))
  )
  for (const [code, text] of entries) {
    if (/\p{L}/u.test(text)) letterGlyphs.set(code, foldLetters(text))
  }
  // Only the glyphs the map's letters draw are named: a whole Times New Roman's cmap is
  // thousands of characters, of which a subset's map uses a few dozen.
  const wanted = new Set<number>()
  for (const code of letterGlyphs.keys()) {
    const glyph = glyphOf(code)
    if (glyph !== undefined) wanted.add(glyph)
  }
  const named = new Map<number, Set<string>>()
  const name = (glyph: number, text: string) => {
    if (!wanted.has(glyph)) return
    const texts = named.get(glyph) ?? new Set<string>()
    texts.add(foldLetters(text))
    named.set(glyph, texts)
  }
  for (const [cp, glyph] of maps.unicode) name(glyph, String.fromCodePoint(cp))
  for (const [glyph, glyphName] of sfntGlyphNames(bytes)) {
    const text = wanted.has(glyph)
      ? (glyphNameText(glyphName) ?? arabicGlyphNameText(glyphName))
      : undefined
    if (text !== undefined) name(glyph, text)
  }
  if (named.size === 0) return null
  let witnessed = 0
  let differ = 0
  for (const [code, text] of letterGlyphs) {
    const glyph = glyphOf(code)
    const texts = glyph === undefined ? undefined : named.get(glyph)
    if (!texts) continue
    witnessed++
    if (!texts.has(text)) differ++
  }
  return { letters: letterGlyphs.size, witnessed, differ }
}
