import type { Check } from './check.js'

/** Text drawn inside form XObjects (Canva, Chrome, stamped forms): extractors that skip forms lose it. */
export const formXObject: Check = ({ layout }) => {
  const forms = layout.formXObjectsWithText
  if (forms === 0) return []
  return [
    {
      code: 'form_xobject',
      severity: 'info',
      message: `text drawn inside ${forms} form XObject${forms === 1 ? '' : 's'}`,
      evidence: { forms }
    }
  ]
}
