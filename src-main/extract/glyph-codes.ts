import type { mupdf } from './mupdf.js'
import { wasm } from './mupdf.js'
import { CHAR_C, CHAR_FONT, CHAR_NEXT, CHAR_QUAD } from './stext-char.js'

/**
 * fz_stext_char's flags word (a uint16 after the int code point and the uint16 bidi level, mupdf
 * 1.28 structured-text.h) and its FZ_STEXT_UNICODE_IS_CID bit.
 */
const CHAR_FLAGS_OFFSET = 6
const UNICODE_IS_CID = 128
/** Simple fonts' character codes are bytes; a larger value is a real code point. */
const MAX_SIMPLE_CODE = 0xff

export function glyphKey(font: string, x: number, y: number): string {
  return `${font}|${x.toFixed(2)}|${y.toFixed(2)}`
}

/**
 * Character codes of the glyphs MuPDF has no Unicode for, by font and quad corner (`glyphKey`),
 * from a second reading with `use-cid-for-unknown-unicode`. That option also changes how MuPDF
 * groups the page (a code-32 glyph becomes a space) and leaves the flag set on the glyphs after an
 * unmapped one in its span, so the page's layout stays that of the plain reading, and only the
 * glyphs it gave U+FFFD are looked up here, by position.
 */
export function unmappedCodes(page: mupdf.PDFPage, options: string): Map<string, number> {
  const codes = new Map<string, number>()
  let stext: mupdf.StructuredText
  try {
    stext = page.toStructuredText(`${options},use-cid-for-unknown-unicode`)
  } catch {
    // The page was read once already; if the second reading fails, its U+FFFD stay.
    return codes
  }
  try {
    const names = new Map<number, string>()
    // Nothing below allocates in WASM memory, so the views stay attached.
    const bytes = wasm.HEAPU8
    const words = wasm.HEAPU32
    const floats = wasm.HEAPF32
    for (
      let block = wasm._wasm_stext_page_get_first_block(stext.pointer);
      block !== 0;
      block = wasm._wasm_stext_block_get_next(block)
    ) {
      if (wasm._wasm_stext_block_get_type(block) !== 0) continue
      for (
        let line = wasm._wasm_stext_block_get_first_line(block);
        line !== 0;
        line = wasm._wasm_stext_line_get_next(line)
      ) {
        for (
          let ch = wasm._wasm_stext_line_get_first_char(line);
          ch !== 0;
          ch = words[(ch >> 2) + CHAR_NEXT] ?? 0
        ) {
          const at = ch >> 2
          const c = (words[at + CHAR_C] ?? 0) | 0
          const flags = bytes[ch + CHAR_FLAGS_OFFSET] ?? 0
          if ((flags & UNICODE_IS_CID) === 0 || c < 0 || c > MAX_SIMPLE_CODE) continue
          const fontPtr = words[at + CHAR_FONT] ?? 0
          let name = names.get(fontPtr)
          if (name === undefined) {
            name = wasm.UTF8ToString(wasm._wasm_font_get_name(fontPtr))
            names.set(fontPtr, name)
          }
          const q = at + CHAR_QUAD
          const key = glyphKey(name, floats[q] ?? 0, floats[q + 1] ?? 0)
          codes.set(key, c)
        }
      }
    }
  } finally {
    stext.destroy()
  }
  return codes
}
