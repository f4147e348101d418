import type { DoubtfulWord } from '../shared/contract.js'
import type { PageLayout } from '../shared/layout.js'
import { LOW_CONFIDENCE } from './ocr-layout.js'

/** The OCR words of a page below LOW_CONFIDENCE, in block order: what the reviewer checks first. */
export function doubtfulWords(layout: PageLayout): DoubtfulWord[] {
  return layout.blocks.flatMap((block) =>
    block.lines.flatMap((line) =>
      line.spans
        .filter((span) => span.confidence !== undefined && span.confidence < LOW_CONFIDENCE)
        .map((span) => ({
          blockId: block.id,
          text: span.text.trim(),
          bbox: [...span.bbox] as [number, number, number, number],
          confidence: span.confidence ?? 0
        }))
    )
  )
}
