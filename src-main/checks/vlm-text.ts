import type { Check } from './check.js'

/**
 * The page's text was read by a vision-language model: fluent text that can still be wrong in
 * ways no statistic of it shows (a word made up where the hand was unclear, a line left out),
 * so a person compares it with the page unless the user's config says the model is trusted.
 * The evidence says how many of its lines lie on lines OCR found, which the review screen shows
 * on the image, and how many could only be placed in the space between them.
 */
export const vlmText: Check = ({ layout }) => {
  const vlm = layout.vlm
  if (!vlm) return []
  const placed = vlm.placed === 0 ? '' : `; ${vlm.placed} placed without an OCR line under them`
  return [
    {
      code: 'vlm_text',
      severity: vlm.trusted ? 'info' : 'warn',
      message:
        `${vlm.lines} lines read by the vision model ${vlm.model} (${vlm.reason}); ` +
        `${vlm.aligned} laid on lines OCR found${placed}` +
        (vlm.trusted ? '; trusted by the configuration' : ''),
      evidence: { ...vlm }
    }
  ]
}
