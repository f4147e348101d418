import type { Flag } from '../shared/flags.js'
import type { Check, CheckInput } from './check.js'
import { arabicForms } from './arabic-forms.js'
import { cjk } from './cjk.js'
import { damagedPage } from './damaged-page.js'
import { duplicateGlyphsCheck } from './duplicate-glyphs.js'
import { garbledText } from './garbled-text.js'
import { glyphShapes } from './glyph-shapes.js'
import { headerFooter } from './header-footer.js'
import { hyphenation } from './hyphenation.js'
import { math } from './math.js'
import { multiColumn } from './multi-column.js'
import { orderChanged } from './order-changed.js'
import { orderSuspect } from './order-suspect.js'
import { rotated } from './rotated.js'
import { spacingSuspect } from './spacing-suspect.js'
import { table } from './table.js'
import { tagged } from './tagged.js'
import { emptyPage } from './empty-page.js'
import { fontRepaired } from './font-repaired.js'
import { formXObject } from './form-xobject.js'
import { invisibleText } from './invisible-text.js'
import { ligatures } from './ligatures.js'
import { lowText } from './low-text.js'
import { needsOcr } from './needs-ocr.js'
import { ocrLayer } from './ocr-layer.js'
import { ocrText } from './ocr-text.js'
import { droppedText } from './dropped-text.js'
import { textImages } from './text-images.js'
import { unmappedGlyphs } from './unmapped-glyphs.js'
import { vlmText } from './vlm-text.js'

/** Every check run on every page, in the order their flags are listed. Append new checks here. */
export const CHECKS: readonly Check[] = [
  needsOcr,
  unmappedGlyphs,
  emptyPage,
  invisibleText,
  lowText,
  textImages,
  formXObject,
  ligatures,
  garbledText,
  duplicateGlyphsCheck,
  spacingSuspect,
  multiColumn,
  orderChanged,
  table,
  headerFooter,
  hyphenation,
  rotated,
  math,
  cjk,
  tagged,
  damagedPage,
  fontRepaired,
  ocrText,
  arabicForms,
  ocrLayer,
  vlmText,
  glyphShapes,
  orderSuspect,
  droppedText
]

/**
 * A page's flags, in CHECKS order. A damaged page has no layout to judge: its damage is the
 * whole story, and the other checks would only describe the emptiness it leaves (empty_page,
 * low_text) as if the page were blank.
 */
export function pageFlags(input: CheckInput): Flag[] {
  if (input.layout.damage !== null) return [...damagedPage(input)]
  return CHECKS.flatMap((check) => check(input))
}
