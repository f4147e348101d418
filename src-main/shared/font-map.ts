/**
 * Where a repaired font's map came from: learned from OCR of its rendered glyphs, from a
 * reviewer's corrected words, or set code by code by a reviewer.
 */
export const MAP_SOURCES = ['ocr', 'reviewer', 'edited'] as const
export type MapSource = (typeof MAP_SOURCES)[number]

/**
 * The key Recto writes beside a /ToUnicode it repaired, naming the map's source, so the page's
 * extraction can say that its text was repaired and how.
 */
export const REPAIR_KEY = 'RectoFontMap'
