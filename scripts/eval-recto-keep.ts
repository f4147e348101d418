/**
 * Recto's reading order and text with the boilerplate kept in place, for the eval only: most
 * reference texts of the corpus are other tools' outputs that keep running heads and page
 * numbers, and this column shows how much of Recto's distance to them is that convention.
 * Usage: tsx scripts/eval-recto-keep.ts <pdf>; pages separated by form feeds like `recto text`.
 */

import { readFileSync } from 'node:fs'
import { closePdf, openPdf } from '../src-main/extract/index.js'
import { pageText } from '../src-main/layout/page-text.js'
import { analyzeDocument } from '../src-main/analysis/analyze-document.js'
import { messageOf } from '../src-main/shared/error-message.js'

const path = process.argv[2]
if (!path) {
  process.stderr.write('usage: eval-recto-keep <pdf>\n')
  process.exit(2)
}
try {
  const file = openPdf(readFileSync(path))
  const { pages } = analyzeDocument(file)
  closePdf(file)
  const texts = pages.map((p) =>
    pageText(
      p.layout,
      p.analysis.order,
      p.layout.blocks.map(() => 'body')
    )
  )
  process.stdout.write(texts.join('\f') + '\n')
} catch (error) {
  process.stderr.write(`recto: ${path}: ${messageOf(error)}\n`)
  process.exit(1)
}
