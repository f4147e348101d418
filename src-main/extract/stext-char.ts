/**
 * fz_stext_char as mupdf 1.28 lays it out (structured-text.h; pinned), in 4-byte words: int c,
 * uint16 bidi and flags, uint32 argb, fz_point origin, fz_quad quad, float size, fz_font *font,
 * fz_stext_char *next. Reading the fields from the heap instead of through one accessor call
 * each saves a JS→WASM call per field and character.
 */
export const CHAR_C = 0
export const CHAR_ARGB = 2
export const CHAR_QUAD = 5
export const CHAR_SIZE = 13
export const CHAR_FONT = 14
export const CHAR_NEXT = 15
