/**
 * Unicode for the glyph names of TeX's math fonts (cmex, cmsy, msam, msbm and their clones) that
 * the Adobe Glyph List lacks, so MuPDF reads them as U+FFFD: a display sum is "summationdisplay",
 * a big brace "braceleftBig", an underbrace's tips "bracehtipupleft". The values are the
 * characters the glyphs show, in the spirit of LCDF Typetools' texglyphlist.txt (the list TeX's
 * font tools map these names with), written from the shapes rather than copied from that list,
 * and checked on the corpus's TeX-made files (GeoTopo, naacl06, math_2503_04086).
 */

/** Delimiters and operators that come in sizes: the name without its size suffix. */
const SIZED: Readonly<Record<string, string>> = {
  parenleft: '(',
  parenright: ')',
  bracketleft: '[',
  bracketright: ']',
  floorleft: '\u230a',
  floorright: '\u230b',
  ceilingleft: '\u2308',
  ceilingright: '\u2309',
  braceleft: '{',
  braceright: '}',
  angbracketleft: '\u27e8',
  angbracketright: '\u27e9',
  slash: '/',
  backslash: '\\',
  radical: '\u221a',
  summation: '\u2211',
  product: '\u220f',
  coproduct: '\u2210',
  integral: '\u222b',
  contintegral: '\u222e',
  union: '\u22c3',
  intersection: '\u22c2',
  unionmulti: '\u2a04',
  unionsq: '\u2a06',
  logicaland: '\u22c0',
  logicalor: '\u22c1',
  circledot: '\u2a00',
  circleplus: '\u2a01',
  circlemultiply: '\u2a02',
  hat: '\u02c6',
  tilde: '\u02dc'
}

const SIZE_SUFFIX = /(?:big|Big|bigg|Bigg|text|display|wide|wider|widest)$/

/** Pieces of extensible delimiters, and symbols of cmsy, cmmi and msbm the Glyph List lacks. */
const PIECES: Readonly<Record<string, string>> = {
  vextendsingle: '\u2223',
  vextenddouble: '\u2225',
  bracehtipdownleft: '\ufe37',
  bracehtipdownright: '\ufe37',
  bracehtipupleft: '\ufe38',
  bracehtipupright: '\ufe38',
  arrowvertex: '\u23d0',
  arrowtp: '\u2191',
  arrowbt: '\u2193',
  arrowdbltp: '\u21d1',
  arrowdblbt: '\u21d3',
  radicalbt: '\u23b7',
  mapsto: '\u21a6',
  arrowhookleft: '\u21aa',
  arrowhookright: '\u21a9',
  latticetop: '\u22a4',
  owner: '\u220b',
  precedesequal: '\u2aaf',
  followsequal: '\u2ab0',
  equivasymptotic: '\u224d',
  similarequal: '\u2243',
  turnstileleft: '\u22a2',
  turnstileright: '\u22a3',
  bardbl: '\u2225',
  circledivide: '\u2298',
  circleminus: '\u2296',
  diamondmath: '\u22c4',
  triangleinv: '\u25bd',
  minusplus: '\u2213',
  unionmulti: '\u228e',
  unionsq: '\u2294',
  intersectionsq: '\u2293',
  notparallel: '\u2226',
  dotlessj: '\u0237'
}

/** The Unicode text of a TeX math glyph name, or undefined for a name outside these fonts. */
export function texGlyphText(name: string): string | undefined {
  const piece = PIECES[name]
  if (piece !== undefined) return piece
  const base = name.replace(SIZE_SUFFIX, '')
  return base !== name ? SIZED[base] : undefined
}
