import type { GlyphRun } from './glyph-runs.js'

/** One run as recognised: its glyphs, which of them are inked, and the characters read. */
export type RunReading = Readonly<{
  run: GlyphRun
  inked: readonly boolean[]
  chars: readonly string[]
}>
