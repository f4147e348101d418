import type { BBox, Block, Line, PageLayout, Span } from '../shared/layout.js'
import { nthSmallest } from '../shared/sorted.js'
import { alignLines, type OcrLine } from './align-lines.js'
import type { AnswerBlock } from './answer-text.js'

/** Type size of a heading of each level against the body's: what headings.ts reads levels from. */
const HEADING_SCALE = [1.8, 1.45, 1.2, 1, 1, 1] as const

/** The lines OCR found on the page, in its reading order (`order`: the page's block ids). */
export function ocrLines(layout: PageLayout, order: readonly number[]): OcrLine[] {
  const byId = new Map(layout.blocks.map((block) => [block.id, block]))
  const ordered = [
    ...order.map((id) => byId.get(id)),
    ...layout.blocks.filter((b) => !order.includes(b.id))
  ]
  return ordered
    .filter((block): block is Block => block?.source === 'ocr')
    .flatMap((block) =>
      block.lines.map((line) => ({
        bbox: line.bbox,
        text: line.spans.map((span) => span.text).join(''),
        dir: line.dir
      }))
    )
}

/** Where the page's text can stand: its scanned images, or the page less a margin. */
function textArea(layout: PageLayout): BBox {
  const big = layout.images.filter(
    (image) =>
      (image.bbox[2] - image.bbox[0]) * (image.bbox[3] - image.bbox[1]) >
      0.25 * layout.width * layout.height
  )
  const margin = 0.08
  const page: BBox = [
    layout.width * margin,
    layout.height * margin,
    layout.width * (1 - margin),
    layout.height * (1 - margin)
  ]
  if (big.length === 0) return page
  return [
    Math.max(page[0], Math.min(...big.map((i) => i.bbox[0]))),
    Math.max(page[1], Math.min(...big.map((i) => i.bbox[1]))),
    Math.min(page[2], Math.max(...big.map((i) => i.bbox[2]))),
    Math.min(page[3], Math.max(...big.map((i) => i.bbox[3])))
  ]
}

/** The body's type size: the middle of the OCR'd spans', else a common 10 points. */
function bodySize(layout: PageLayout): number {
  const sizes = layout.blocks
    .filter((block) => block.source === 'ocr')
    .flatMap((block) => block.lines.flatMap((line) => line.spans.map((span) => span.size)))
    .filter((size) => size > 0)
  return nthSmallest(sizes, Math.floor(sizes.length / 2)) ?? 10
}

/** A line of the model's text over its box, its letters sharing the box's width evenly. */
function modelLine(
  text: string,
  bbox: BBox,
  dir: readonly [number, number],
  size: number,
  bold: boolean
): Line {
  const letters = [...text]
  const step = (bbox[2] - bbox[0]) / Math.max(letters.length, 1)
  const charX = letters.flatMap((_, i) => [bbox[0] + i * step, bbox[0] + (i + 1) * step])
  const span: Span = { text, bbox, font: 'VLM', size, bold, italic: false, mono: false, charX }
  return { bbox, wmode: 0, dir, spans: [span] }
}

export type VlmReading = Readonly<{ model: string; reason: string; trusted: boolean }>

/**
 * The page as the model read it: its blocks replace the page's (the text layer or OCR's, which
 * the caller keeps), each line laid on the OCR line it matches where OCR found one, with the
 * type size and weight its Markdown gave (so headings are headings to the layout stage). The rest
 * of the layout (size, images, fonts) is the page's own; its OCR summary goes with OCR's blocks.
 */
export function withVlm(
  layout: PageLayout,
  order: readonly number[],
  answer: readonly AnswerBlock[],
  reading: VlmReading
): PageLayout {
  const lines = answer.flatMap((block) => block.lines)
  const ocr = ocrLines(layout, order)
  const body = bodySize(layout)
  // Lines with no OCR line under them stand as a page of this type would set them.
  const places = alignLines(lines, ocr, textArea(layout), body * 1.5)
  let next = 0
  const blocks: Block[] = answer.map((block, id) => {
    const size = block.kind === 'heading' ? body * HEADING_SCALE[block.level - 1]! : body
    const blockLines = block.lines.map((text) => {
      const place = places[next++]!
      const dir = place.ocr === null ? ([1, 0] as const) : ocr[place.ocr]!.dir
      return modelLine(text, place.bbox, dir, Math.round(size * 10) / 10, block.bold)
    })
    const boxes = blockLines.map((line) => line.bbox)
    const bbox: BBox = [
      Math.min(...boxes.map((b) => b[0])),
      Math.min(...boxes.map((b) => b[1])),
      Math.max(...boxes.map((b) => b[2])),
      Math.max(...boxes.map((b) => b[3]))
    ]
    return { id, bbox, lines: blockLines, source: 'vlm' }
  })
  const placed = places.filter((place) => place.how === 'placed').length
  const page: PageLayout = {
    ...layout,
    blocks,
    vlm: { ...reading, lines: lines.length, aligned: lines.length - placed, placed }
  }
  const gone = new Set(['ocr', 'ocrLayer'])
  return Object.fromEntries(Object.entries(page).filter(([key]) => !gone.has(key))) as PageLayout
}
