import type { Check } from './check.js'
import { charStats, imageCoverage, percent } from './char-stats.js'

/**
 * Measured on the corpus: closing pages hold 7–8% of their document's median (dmca p18 154 of
 * 2067, WARN-Report p16 255 of 3276, test_3842 p34 196 of 2331), normal and worth a note only.
 * With a large image as well (federal-register p8: 219 of 2937, image 52%) the missing text may
 * be inside the picture, so a person should look. Short documents and slide decks (nlp2004slides:
 * median 102) have no meaningful median.
 */
const LOW_SHARE = 0.1
const MIN_PAGES = 3
const MIN_MEDIAN = 500
const IMAGE_COVERAGE_FOR_REVIEW = 0.3

/** Far less text than the document's other pages. */
export const lowText: Check = ({ layout, doc }) => {
  if (doc.pageCount < MIN_PAGES || doc.medianChars < MIN_MEDIAN) return []
  const { chars } = charStats(layout)
  if (chars >= doc.medianChars * LOW_SHARE) return []
  const coverage = imageCoverage(layout)
  const withImage = coverage >= IMAGE_COVERAGE_FOR_REVIEW
  return [
    {
      code: 'low_text',
      severity: withImage ? 'warn' : 'info',
      message:
        `${chars} characters, ${percent(chars, doc.medianChars)}% of the document's median page (${doc.medianChars})` +
        (withImage ? `, with an image over ${percent(coverage, 1)}% of the page` : ''),
      evidence: {
        chars,
        medianChars: doc.medianChars,
        imageCoverage: Math.round(coverage * 100) / 100
      }
    }
  ]
}
