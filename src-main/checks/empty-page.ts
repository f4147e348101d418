import type { Check } from './check.js'
import { charStats } from './char-stats.js'

/**
 * A page with neither text nor images is blank or drew its content as vector paths (text turned
 * into outlines) that no extractor reads. Inside a document whose pages carry text it is the
 * blank page books and reports leave between sections (redp5110 p17, the corpus's only one):
 * there is nothing to read and nothing a reviewer could correct, so it is a note. A document
 * with no text at all is all outlines or all blank, and a person should look.
 */
export const emptyPage: Check = ({ layout, doc }) => {
  if (charStats(layout).chars > 0 || layout.images.length > 0) return []
  const amongText = doc.pageCount > 1 && doc.medianChars > 0
  return [
    {
      code: 'empty_page',
      severity: amongText ? 'info' : 'warn',
      message: amongText
        ? "a blank page: no text and no images, where the document's other pages have text"
        : 'no text and no images on the page (blank, or text drawn as vector outlines)',
      evidence: { chars: 0, images: 0 }
    }
  ]
}
