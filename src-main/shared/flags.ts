/** The fixed flag vocabulary of DESIGN.md: codes are never renamed, only added. */
export const FLAG_CODES = [
  'needs_ocr',
  'unmapped_glyphs',
  'garbled_text',
  'invisible_text',
  'duplicate_glyphs',
  'spacing_suspect',
  'multi_column',
  'order_changed',
  'table',
  'header_footer',
  'ligatures',
  'hyphenation',
  'rotated',
  'math',
  'cjk',
  'tagged',
  'form_xobject',
  'low_text',
  'empty_page',
  'text_images',
  'damaged_page',
  'font_repaired',
  'ocr_text',
  'arabic_forms',
  'ocr_layer',
  'vlm_text',
  'glyph_mismatch',
  'order_suspect',
  'text_dropped'
] as const
export type FlagCode = (typeof FLAG_CODES)[number]

export const SEVERITIES = ['info', 'warn', 'error'] as const
export type Severity = (typeof SEVERITIES)[number]

export const DECISIONS = ['ok', 'review', 'ocr'] as const
export type Decision = (typeof DECISIONS)[number]

export type Flag = Readonly<{
  code: FlagCode
  severity: Severity
  /** Plain words a reviewer can check against the page: what was seen and how much. */
  message: string
  evidence: Readonly<Record<string, unknown>>
}>

/** One page of `recto check --json`. */
export type PageCheck = Readonly<{
  page: number
  decision: Decision
  quality: number
  flags: readonly Flag[]
}>
