import type { Check } from './check.js'
import { emptyPage } from './empty-page.js'
import { formXObject } from './form-xobject.js'
import { invisibleText } from './invisible-text.js'
import { ligatures } from './ligatures.js'
import { lowText } from './low-text.js'
import { needsOcr } from './needs-ocr.js'
import { unmappedGlyphs } from './unmapped-glyphs.js'

/** Every check run on every page, in the order their flags are listed. Append new checks here. */
export const CHECKS: readonly Check[] = [
  needsOcr,
  unmappedGlyphs,
  emptyPage,
  invisibleText,
  lowText,
  formXObject,
  ligatures
]
