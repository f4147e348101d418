import { readFile } from 'node:fs/promises'
import { closePdf, openPdf } from '../extract/open.js'
import { rawText } from '../extract/raw-text.js'
import { analyzeDocument } from '../analysis/analyze-document.js'
import type { FlagCode } from '../shared/flags.js'
import type { EntryExtraction } from './bake-off.js'

/**
 * Extracts a gold PDF afresh, as `recto text` and `recto text --raw` would: every page, joined
 * by form feeds. Throws the extractor's error for a file it cannot read.
 */
export async function engineExtraction(pdf: string): Promise<EntryExtraction> {
  const file = openPdf(await readFile(pdf))
  try {
    const { pages } = analyzeDocument(file)
    const flags = new Set<FlagCode>(pages.flatMap((p) => p.analysis.flags.map((f) => f.code)))
    return {
      recto: pages.map((p) => p.analysis.text).join('\f'),
      raw: pages.map((p) => rawText(p.layout)).join('\f'),
      flags: [...flags].sort(),
      from: 'engine'
    }
  } finally {
    closePdf(file)
  }
}
