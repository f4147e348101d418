import { createHash } from 'node:crypto'
import { takeBytes } from '../extract/buffer-bytes.js'
import { describeFont } from '../extract/font-info.js'
import { codeGlyphNames } from '../extract/glyph-names.js'
import type { mupdf } from '../extract/mupdf.js'
import { field } from '../extract/pdf-object.js'
import type { CodeWidth } from './to-unicode.js'

type PDFObject = mupdf.PDFObject

const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3'] as const

/**
 * One font program embedded in a PDF: `id` is the SHA-256 of its decoded font file, so the same
 * program is one font on every page and in every document that embeds it, whatever its
 * resource name or subset prefix.
 */
export type FontProgram = Readonly<{ id: string; name: string; width: CodeWidth }>

/** A font dictionary of the file and the program it draws with. */
export type FontDict = Readonly<{ ref: PDFObject; name: string; program: FontProgram }>

function fontFile(descriptor: PDFObject): PDFObject | null {
  if (!descriptor.isDictionary()) return null
  for (const key of FONT_FILES) {
    const file = descriptor.get(key)
    if (file.isStream()) return file
  }
  return null
}

function nameOf(font: PDFObject, key: string): string {
  const value = field(font, key)
  return value.isName() ? value.asName().replace(/^[A-Z]{6}\+/, '') : ''
}

/**
 * A Type3 font's program: its glyphs are content streams, so the program is what draws them,
 * each glyph procedure by name, and which code draws which name (/Encoding) and at what scale
 * (/FontMatrix). The same font copied into another document hashes alike; null when a glyph
 * cannot be read.
 */
function type3Program(font: PDFObject): FontProgram | null {
  const hash = createHash('sha256')
  const procs = field(font, 'CharProcs')
  if (!procs.isDictionary()) return null
  const glyphs: [string, PDFObject][] = []
  procs.forEach((value, key) => glyphs.push([String(key), value]))
  glyphs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  try {
    for (const [name, proc] of glyphs) {
      hash.update(name).update('\0')
      if (proc.isStream()) hash.update(takeBytes(proc.readStream()))
      hash.update('\0')
    }
  } catch {
    return null
  }
  for (const [code, name] of codeGlyphNames(font)) hash.update(`${code}=${name};`)
  const matrix = field(font, 'FontMatrix')
  if (matrix.isArray()) {
    for (let i = 0; i < matrix.length; i++) hash.update(`${field(matrix, i).asNumber()};`)
  }
  return { id: hash.digest('hex'), name: nameOf(font, 'Name') || 'Type3', width: 1 }
}

/**
 * The program of a font dictionary, or null when it has none Recto can repair: a font that is
 * not embedded (its glyphs are the viewer's, and the standard encodings already map them), or a
 * Type0 font whose codes are not the two-byte Identity ones a ToUnicode CMap can be written for.
 */
export function fontProgram(font: PDFObject): FontProgram | null {
  const subtype = field(font, 'Subtype')
  if (!subtype.isName()) return null
  if (subtype.asName() === 'Type3') return type3Program(font)
  let width: CodeWidth = 1
  let holder = font
  if (subtype.asName() === 'Type0') {
    const encoding = font.get('Encoding')
    if (!encoding.isName() || !encoding.asName().startsWith('Identity')) return null
    width = 2
    holder = field(font.get('DescendantFonts'), 0)
  }
  const file = fontFile(field(holder, 'FontDescriptor'))
  if (!file) return null
  let bytes: Uint8Array
  try {
    bytes = takeBytes(file.readStream())
  } catch {
    return null
  }
  return {
    id: createHash('sha256').update(bytes).digest('hex'),
    name: nameOf(font, 'BaseFont'),
    width
  }
}

/** MuPDF keeps 31 bytes of a font's name: longer BaseFonts reach structured text cut short. */
const MUPDF_NAME_LENGTH = 31

/** Whether a font name from structured text (or a BaseFont) names the font dictionary `dict`. */
export function namesFont(name: string, dict: FontDict): boolean {
  if (name === dict.name) return true
  return name.length >= MUPDF_NAME_LENGTH && dict.name.startsWith(name)
}

/**
 * Every font dictionary of the file with a program, found among its objects rather than by
 * walking pages, so fonts in form XObjects and annotations are included.
 */
export function fontDicts(pdf: mupdf.PDFDocument): FontDict[] {
  const found: FontDict[] = []
  const count = pdf.countObjects()
  for (let num = 1; num < count; num++) {
    let ref: PDFObject
    try {
      ref = pdf.newIndirect(num)
      if (!ref.isDictionary() || field(ref, 'Type').asName() !== 'Font') continue
    } catch {
      continue
    }
    const subtype = field(ref, 'Subtype')
    // Descendant CIDFonts are reached through their Type0 parent.
    if (subtype.isName() && subtype.asName().startsWith('CIDFontType')) continue
    const program = fontProgram(ref)
    if (program) found.push({ ref, name: describeFont(ref, num).baseFont, program })
  }
  return found
}
