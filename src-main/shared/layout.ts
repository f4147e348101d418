/**
 * The page model every stage shares: PDF bytes become a PageLayout, the layout gets an order and
 * roles, and text is made from both. Coordinates are PDF points with the origin at the top-left of
 * the unrotated page (MuPDF's device space at scale 1), the contract of the JSONL export.
 */

import type { BBox } from './bbox.js'
import type { MapSource } from './font-map.js'
import type { GlyphShapeMismatch } from './glyph-shapes.js'
import type { LayerReading } from './layer-reading.js'
import { nthSmallest } from './sorted.js'
import { nonSpaceLength } from './whitespace.js'

export type { BBox } from './bbox.js'

/** [x0, y0, x1, y1] in pixels of a rendered or recognised image, y growing downwards. */
export type PixelBox = readonly [number, number, number, number]

export type Span = Readonly<{
  text: string
  bbox: BBox
  font: string
  size: number
  bold: boolean
  italic: boolean
  mono: boolean
  /**
   * Left and right edge of each character, flattened: [x0, x1, x0, x1, …], one pair per code
   * point of `text` (not per UTF-16 unit). Word gaps, letter spacing and duplicate glyphs are
   * judged from these.
   */
  charX: readonly number[]
  /** OCR's confidence in the word (0–100): only spans that OCR read, one word each, have it. */
  confidence?: number
}>

export type Line = Readonly<{
  bbox: BBox
  /** 0 horizontal, 1 vertical (CJK top-to-bottom). */
  wmode: 0 | 1
  /** Writing direction as a unit vector: [1, 0] for ordinary horizontal text. */
  dir: readonly [number, number]
  spans: readonly Span[]
}>

export const BLOCK_ROLES = [
  'body',
  'heading',
  'header',
  'footer',
  'table',
  'caption',
  'footnote',
  'noise',
  'list',
  'code',
  'formula',
  /** A side box beside the text (a booklet's "CAUTION" box): outside the flow, not cutting it. */
  'aside'
] as const
export type BlockRole = (typeof BLOCK_ROLES)[number]

/**
 * Roles of blocks whose lines are structure of their own (list items, a listing's lines, a
 * formula's stack), never a table's rows however their columns line up.
 */
export const ELEMENT_ROLES: ReadonlySet<BlockRole> = new Set(['list', 'code', 'formula'])

/** Roles left out of the page's text by default; the blocks stay, for review and export. */
export const EXCLUDED_ROLES: ReadonlySet<BlockRole> = new Set(['header', 'footer', 'noise'])

export type Block = Readonly<{
  /** Index in MuPDF's drawing order; stable for the page's lifetime, used by orders and revisions. */
  id: number
  bbox: BBox
  lines: readonly Line[]
  /**
   * Read from the rendered page by OCR or by a vision-language model (src-main/vlm/); blocks of
   * the text layer have none.
   */
  source?: 'ocr' | 'vlm'
}>

export type ImageBox = Readonly<{ bbox: BBox; width: number; height: number }>

export type FontInfo = Readonly<{
  /** Resource name on the page (F4), or `<form>/F4` for a font of a form XObject. */
  resource: string
  baseFont: string
  subtype: string
  encoding: string
  hasToUnicode: boolean
  embedded: boolean
  /**
   * The font's /ToUnicode is a map Recto repaired (src-main/repair/), and where that map came
   * from; absent for every other font.
   */
  repair?: MapSource
}>

/** Glyphs a page draws a second time over an identical glyph (fake bold), spaces left out. */
export type Overdraw = Readonly<{
  /** Glyphs the page paints (filled or stroked), whitespace left out. */
  glyphs: number
  /** Of those, the ones painted over an earlier identical glyph (same glyph id and character). */
  overdrawn: number
  /** The first runs of overdrawn glyphs in drawing order, space-separated, for evidence. */
  sample: string
}>

export type PageLayout = Readonly<{
  /** 1-based page number. */
  page: number
  width: number
  height: number
  /** /Rotate of the page, in degrees (0, 90, 180, 270). */
  rotation: number
  blocks: readonly Block[]
  images: readonly ImageBox[]
  fonts: readonly FontInfo[]
  /** Characters other than whitespace drawn in text render mode 3 (invisible), such as an OCR layer. */
  invisibleChars: number
  /** Characters (not whitespace) hidden under an opaque page-sized picture drawn over them: an OCR layer too. */
  coveredChars: number
  /** Form XObjects of the page whose content stream draws text. */
  formXObjectsWithText: number
  /**
   * Marked-content ids in structure-tree order when the document is tagged, as block ids in the
   * order the tags give; null when the document has no usable structure tree.
   */
  structureOrder: readonly number[] | null
  /**
   * Counted from the drawing, not from `blocks`: MuPDF leaves a glyph out of the structured text
   * when /ActualText replaces it, and issue-71's résumé wraps the second copy of every bold word
   * in an empty one, so the blocks never show the doubling. Null where MuPDF has no /ActualText
   * to apply (the glyph pass is skipped there for speed), and in layouts stored before this field.
   */
  overdraw: Overdraw | null
  /**
   * Why MuPDF could not read the page (its error, e.g. "object is not a stream"); the layout is
   * then empty but for the page's size. Null for a page that was read, and in layouts stored
   * before damaged pages were kept.
   */
  damage: string | null
  /** What OCR did to the page (src-main/ocr/); absent on a page read from its text layer alone. */
  ocr?: OcrSummary
  /**
   * A page whose invisible OCR layer read poorly was OCR'd again: which reading was kept and how
   * each read (checks/reading-quality.ts). Absent on every other page.
   */
  ocrLayer?: OcrLayerChoice
  /**
   * Fonts of the page whose maps disagree with their glyphs read back by OCR (verify/); absent
   * where no font was read back or every one agreed.
   */
  glyphShapes?: readonly GlyphShapeMismatch[]
  /**
   * The page's invisible OCR layer where it gives doubtful words, against what its image reads
   * there (verify/); absent where the layer was not read back.
   */
  layerReading?: LayerReading
  /** The page's text is a vision-language model's reading of its image (src-main/vlm/). */
  vlm?: VlmSummary
}>

/** Which model read the page, why it was sent there, and how its lines sit on the image. */
export type VlmSummary = Readonly<{
  model: string
  /** Why the cascade sent the page (vlm/route.ts), or `reviewer` for a page a person sent. */
  reason: string
  lines: number
  /** Lines laid on a line OCR found, by their text or by their place among the lines around. */
  aligned: number
  /** Lines with no OCR line to lie on, given a box in the space their neighbours leave. */
  placed: number
  /** The user's config says the model's text needs no reviewer (`vlm.trusted`). */
  trusted: boolean
}>

export type OcrLayerChoice = Readonly<{
  kept: 'layer' | 'ocr'
  /** Share of words that read as words of `language` (0 to 1), in the layer and in the new OCR. */
  layerScore: number
  ocrScore: number
  language: string
}>

/** A page's OCR: which backend, how much of the page, how many words and how sure. */
export type OcrSummary = Readonly<{
  backend: string
  dpi: number
  /** The whole page, or only the pictures of text lines among its own text. */
  scope: 'page' | 'regions'
  words: number
  /** Mean word confidence, 0–100, weighted by the words' lengths. */
  meanConfidence: number
  lowConfidenceWords: number
  /** Languages of the page read with another's model, for want of their own; absent when none. */
  standIns?: readonly OcrStandIn[]
}>

/** A language OCR read with another language's model: its own is not installed. */
export type OcrStandIn = Readonly<{
  /** The page's language and the model read in its place (Tesseract codes). */
  language: string
  model: string
  /** The command that installs the language's own model. */
  install: string
}>

/** A line's text as drawn: its spans' text, before word gaps are mended. */
export function drawnLine(line: Line): string {
  let text = ''
  for (const span of line.spans) text += span.text
  return text
}

/**
 * A block's text as drawn, lines joined by a space, before word gaps, hyphens and normalisation
 * are mended: what boilerplate keys, footnote starts and copies are compared on.
 */
export function drawnText(block: Block): string {
  return block.lines.map(drawnLine).join(' ')
}

/** The characters a line inks, white space left out: how much text it carries. */
export function inkedChars(line: Line): number {
  return line.spans.reduce((n, s) => n + nonSpaceLength(s.text), 0)
}

/** The block cut down to `lines`, its box theirs. */
export function withLines(block: Block, lines: readonly Line[]): Block {
  return { ...block, bbox: boundsOf(lines.map((l) => l.bbox)), lines }
}

/** Whether every inked span of `line` is bold, and it has one: a heading set on a line of its own. */
export function isBoldLine(line: Line): boolean {
  let inked = false
  for (const span of line.spans) {
    if (span.text.trim() === '') continue
    if (!span.bold) return false
    inked = true
  }
  return inked
}

/** A line that runs left to right, unrotated: the lines whose boxes rows and margins are read from. */
export function isHorizontal(line: Line): boolean {
  return line.wmode === 0 && line.dir[0] > 0.99
}

/** The smallest box holding all of `boxes`. */
export function boundsOf(boxes: readonly BBox[]): BBox {
  // One pass, no array per side: asked of every line, block and piece the stages make. Math.min
  // and Math.max keep what their spread form gives for NaN, -0 and no boxes at all.
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  for (const b of boxes) {
    x0 = Math.min(x0, b[0])
    y0 = Math.min(y0, b[1])
    x1 = Math.max(x1, b[2])
    y1 = Math.max(y1, b[3])
  }
  return [x0, y0, x1, y1]
}

/** Two boxes on one row: they share more than half the height of the shorter. */
export function shareRow(a: BBox, b: BBox): boolean {
  return Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > Math.min(a[3] - a[1], b[3] - b[1]) / 2
}

/** The middle font size of some spans (the upper middle of an even count); undefined for none. */
export function middleSize(spans: readonly Span[]): number | undefined {
  return nthSmallest(
    spans.map((s) => s.size),
    spans.length >> 1
  )
}

/** `middleSize(spansOf([block]))`, without gathering the spans first: asked of every block. */
export function blockMiddleSize(block: Block): number | undefined {
  const sizes: number[] = []
  for (const line of block.lines) for (const span of line.spans) sizes.push(span.size)
  return nthSmallest(sizes, sizes.length >> 1)
}

/** Every span of some blocks, line by line. */
export function spansOf(blocks: readonly Block[]): Span[] {
  return blocks.flatMap((b) => b.lines.flatMap((l) => l.spans))
}
