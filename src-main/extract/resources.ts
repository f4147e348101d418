import type { FontInfo } from '../shared/layout.js'
import {
  contentsText,
  drawsText,
  invokedXObjects,
  streamText,
  usesActualText
} from './content-stream.js'
import { describeFont } from './font-info.js'
import type { mupdf } from './mupdf.js'
import type { FormContent, PdfFile } from './open.js'
import { fontTexCodes } from './glyph-names.js'
import { field } from './pdf-object.js'

type PDFObject = mupdf.PDFObject

export type PageResources = Readonly<{
  fonts: readonly FontInfo[]
  /** Distinct form XObjects painted by the page (directly or through other forms) that show text. */
  formXObjectsWithText: number
  /**
   * The page or a form it paints has an /ActualText property list (inline or named in
   * /Properties): MuPDF's structured text then shows that text instead of the glyphs it covers.
   */
  actualText: boolean
  /**
   * The text of a glyph MuPDF could not map, by its font's name (as structured text gives it) and
   * character code: TeX math glyphs named outside the Adobe Glyph List (glyph-names.ts).
   */
  glyphText: (font: string, code: number) => string | undefined
  /** Whether a font of that name has glyphs `glyphText` can read at all. */
  namesGlyphs: (font: string) => boolean
}>

function formContent(file: PdfFile, ref: PDFObject): FormContent {
  const num = ref.isIndirect() ? ref.asIndirect() : -1
  const cached = file.formCache.get(num)
  if (cached) return cached
  const text = streamText(ref)
  const content = {
    drawsText: drawsText(text),
    invokes: invokedXObjects(text),
    actualText: usesActualText(text)
  }
  if (num >= 0) file.formCache.set(num, content)
  return content
}

function namesActualText(resources: PDFObject): boolean {
  const properties = field(resources, 'Properties')
  let found = false
  if (properties.isDictionary()) {
    properties.forEach((value) => {
      if (value.isDictionary() && !value.get('ActualText').isNull()) found = true
    })
  }
  return found
}

function fontOf(file: PdfFile, ref: PDFObject): Omit<FontInfo, 'resource'> {
  const num = ref.isIndirect() ? ref.asIndirect() : -1
  const cached = file.fontCache.get(num)
  if (cached) return cached
  const info = describeFont(ref, num)
  if (num >= 0) file.fontCache.set(num, info)
  return info
}

/**
 * Fonts of the page's resources and of every form XObject the page paints, recursively, and the
 * number of those forms that draw text (Canva and Chrome put a page's whole text inside forms).
 */
export function pageResources(file: PdfFile, page: mupdf.PDFPage): PageResources {
  const fonts: FontInfo[] = []
  const fontRefs = new Map<string, PDFObject[]>()
  const seenForms = new Set<number>()
  let formsWithText = 0
  let actualText = false

  const visit = (
    resources: PDFObject,
    invoked: readonly string[],
    prefix: string,
    ownResources: boolean
  ): void => {
    if (ownResources && namesActualText(resources)) actualText = true
    const fontDict = field(resources, 'Font')
    if (ownResources && fontDict.isDictionary()) {
      fontDict.forEach((_value, key) => {
        const ref = fontDict.get(key)
        if (!ref.isDictionary()) return
        const info = fontOf(file, ref)
        fonts.push({ resource: prefix + String(key), ...info })
        fontRefs.set(info.baseFont, [...(fontRefs.get(info.baseFont) ?? []), ref])
      })
    }
    const xobjects = field(resources, 'XObject')
    if (!xobjects.isDictionary()) return
    for (const name of invoked) {
      const ref = xobjects.get(name)
      if (!ref.isStream() || field(ref, 'Subtype').asName() !== 'Form') continue
      const num = ref.isIndirect() ? ref.asIndirect() : -1
      if (num >= 0) {
        if (seenForms.has(num)) continue
        seenForms.add(num)
      }
      const content = formContent(file, ref)
      if (content.drawsText) formsWithText++
      if (content.actualText) actualText = true
      const own = field(ref, 'Resources')
      // A form without /Resources uses its parent's, whose fonts are already listed.
      const hasOwn = own.isDictionary()
      visit(hasOwn ? own : resources, content.invokes, `${prefix}${name}/`, hasOwn)
    }
  }

  const pageObject = page.getObject()
  const pageContent = contentsText(pageObject.get('Contents'))
  visit(pageObject.getInheritable('Resources'), invokedXObjects(pageContent), '', true)
  if (usesActualText(pageContent)) actualText = true
  return {
    fonts,
    formXObjectsWithText: formsWithText,
    actualText,
    glyphText: glyphTextOf(file, fontRefs),
    namesGlyphs: (font) =>
      (fontRefs.get(font) ?? []).some((ref) => fontTexCodes(file, ref).size > 0)
  }
}

/**
 * Looks a glyph up in the fonts of that name; fonts sharing a name (subsets of one font set in
 * different resources) are asked in turn, and a code they disagree on stays unmapped.
 */
function glyphTextOf(
  file: PdfFile,
  fontRefs: ReadonlyMap<string, readonly PDFObject[]>
): (font: string, code: number) => string | undefined {
  return (font, code) => {
    const texts = new Set(
      (fontRefs.get(font) ?? []).map((ref) => fontTexCodes(file, ref).get(code))
    )
    texts.delete(undefined)
    return texts.size === 1 ? [...texts][0] : undefined
  }
}
