import type { Decision, FlagCode } from '../shared/flags.js'
import type { FontInfo, PageLayout } from '../shared/layout.js'
import type { PlanDecision } from '../shared/plan-summary.js'
import { fontsToRepair } from '../repair/targets.js'

/** Flags that blame a font's map to Unicode: what font-map repair mends without OCR. */
const FONT_MAP_FLAGS: ReadonlySet<FlagCode> = new Set(['unmapped_glyphs', 'garbled_text'])

/** Flags saying text is missing, not misread: no map repair brings it back. */
const TEXT_MISSING: ReadonlySet<FlagCode> = new Set(['needs_ocr', 'damaged_page', 'text_images'])

/** `ABCDEF+Times-Roman` and `Times-Roman` are the same font to the planner. */
const bare = (name: string): string => name.replace(/^[A-Z]{6}\+/u, '')

/**
 * The fonts repair reads back from their glyphs (src-main/repair/): embedded programs of simple
 * fonts (Type3 included: their glyphs are in the file) and of Type0 fonts with Identity codes;
 * not fonts the file only names.
 */
function repairable(font: FontInfo): boolean {
  if (!font.embedded) return false
  return font.subtype !== 'Type0' || font.encoding.startsWith('Identity')
}

/** A page's warn and error flags blame a font map, and its text is there to be read again. */
export function mayNeedRepair(failing: readonly Readonly<{ code: FlagCode }>[]): boolean {
  return (
    failing.some((f) => FONT_MAP_FLAGS.has(f.code)) &&
    !failing.some((f) => TEXT_MISSING.has(f.code))
  )
}

/**
 * Whether a page `recto check` sends to review or OCR has, as its fault, text in fonts whose
 * maps Recto can repair (the cascade's stage before OCR); `layout` is read only then.
 */
export function needsRepair(
  failing: readonly Readonly<{ code: FlagCode }>[],
  layout: () => PageLayout | undefined
): boolean {
  if (!mayNeedRepair(failing)) return false
  const page = layout()
  if (!page) return false
  const names = new Set([...fontsToRepair(page)].map(bare))
  return page.fonts.some((font) => repairable(font) && names.has(bare(font.baseFont)))
}

/** The planner's stage for a page, from the check's decision and what repair can mend. */
export function planDecision(
  decision: Decision,
  failing: readonly Readonly<{ code: FlagCode }>[],
  layout: () => PageLayout | undefined
): PlanDecision {
  if (decision === 'ok') return 'ok'
  return needsRepair(failing, layout) ? 'repair' : decision
}
