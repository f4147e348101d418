import { linePieces } from '../layout/line-pieces.js'
import { LOW_CONFIDENCE } from '../ocr/ocr-layout.js'
import type { Block, Line } from '../shared/layout.js'
import type { LineBlock, LineWord, PageLine } from '../shared/page-lines.js'
import { withStructure } from '../shared/page-structure.js'
import type { Handlers } from './handler.js'
import { loadPage } from './pages.js'
import { blockLineTexts, blockTexts } from '../review/page-text.js'

function doubtful(lines: readonly Line[]): LineWord[] {
  return lines.flatMap((line) =>
    line.spans.flatMap((span) =>
      span.confidence !== undefined && span.confidence < LOW_CONFIDENCE
        ? [{ text: span.text.trim(), confidence: span.confidence }]
        : []
    )
  )
}

/** A block's lines with their parts of its text; the block as one line where they have none. */
function blockLines(block: Block, text: string, lineTexts: readonly string[]): PageLine[] {
  const pieces = linePieces(text, lineTexts)
  if (!pieces) {
    return [{ bbox: [...block.bbox], start: 0, end: text.length, doubtful: doubtful(block.lines) }]
  }
  return block.lines.map((line, i) => ({
    bbox: [...line.bbox],
    start: pieces[i]!.start,
    end: pieces[i]!.end,
    doubtful: doubtful([line])
  }))
}

export const pageLineHandlers: Handlers<'pages.lines'> = {
  'pages.lines': ({ documentId, pageNo }, ctx): LineBlock[] => {
    const { page, layout, current } = loadPage(ctx, documentId, pageNo)
    const structured = withStructure(layout, page.analysis.roles, current.state.structure)
    const shown = structured.layout
    const texts = blockTexts(shown, structured.roles)
    const lineTexts = blockLineTexts(shown)
    return shown.blocks
      .filter((block) => block.lines.length > 0)
      .map((block) => ({
        id: block.id,
        text: texts[block.id] ?? '',
        lines: blockLines(block, texts[block.id] ?? '', lineTexts[block.id] ?? [])
      }))
  }
}
