import type { Check } from './check.js'

/**
 * A page MuPDF failed on (extract/damaged-page.ts): its layout is empty, so its text is missing,
 * not absent. An error, so the page goes to OCR: its image may still render where its objects
 * could not be read.
 */
export const damagedPage: Check = ({ layout }) => {
  if (layout.damage === null) return []
  return [
    {
      code: 'damaged_page',
      severity: 'error',
      message: `MuPDF could not read the page (${layout.damage}); its text is missing`,
      evidence: { damage: layout.damage }
    }
  ]
}
