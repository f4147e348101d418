import { boundsOf, type Block, type Line } from '../shared/layout.js'

/**
 * MuPDF keeps lines in one block while their spacing stays even, even when a row between them
 * holds nothing but spaces: a document that types its running head, an empty line and then the
 * first paragraph gets them as one block (NIST SP 800-223, pages iii and iv), and the head, read
 * as the paragraph's first words, can neither be found as boilerplate nor excluded. A row with
 * only spaces is an empty line on the page, so the block is cut there, as a blank line parts
 * paragraphs in text. Blocks are numbered anew, in order.
 *
 * This runs after paragraphs are merged: a paragraph MuPDF cut apart has no drawn empty line in
 * its gap, while blocks merged across one are two paragraphs after all.
 */
export function splitAtBlankRows(blocks: readonly Block[]): Block[] {
  return blocks.flatMap(split).map((block, id) => ({ ...block, id }))
}

function split(block: Block): Block[] {
  const inked = block.lines.filter((l) => !isBlank(l))
  const heights = inked.map(height).sort((a, b) => a - b)
  const lineHeight = heights[heights.length >> 1] ?? 0
  // A zero-size space drawn between words (an OCR layer's) has no height: it is no row at all.
  const cuts = block.lines
    .filter((l) => isBlank(l) && height(l) >= lineHeight / 2)
    .filter((l) => !inked.some((i) => overlap(i, l) > height(l) * ROW_OVERLAP))
    .map(middle)
    .sort((a, b) => a - b)
  if (cuts.length === 0) return [block]
  const parts: Line[][] = Array.from({ length: cuts.length + 1 }, () => [])
  for (const line of block.lines) {
    const y = middle(line)
    const index = cuts.findIndex((cut) => y <= cut)
    parts[index === -1 ? cuts.length : index]!.push(line)
  }
  // A part with no ink (blank rows above the first line or below the last) stays with its
  // neighbour: a cut only parts text from text.
  const blocks: Line[][] = []
  let pending: Line[] = []
  for (const part of parts) {
    pending.push(...part)
    if (part.some((l) => !isBlank(l))) {
      blocks.push(pending)
      pending = []
    }
  }
  if (blocks.length === 0) return [block]
  blocks[blocks.length - 1]!.push(...pending)
  if (blocks.length === 1) return [block]
  return blocks.map((lines) => ({ id: block.id, bbox: boundsOf(lines.map((l) => l.bbox)), lines }))
}

/**
 * A blank line may overlap the lines it parts by this share of its height, as consecutive lines'
 * boxes do (NIST's overlap by 8 %); a space typed into a form's field halfway down a row of text
 * (f1040nr's filing status, 45 %) is no empty line.
 */
const ROW_OVERLAP = 0.25

function overlap(a: Line, b: Line): number {
  return Math.min(a.bbox[3], b.bbox[3]) - Math.max(a.bbox[1], b.bbox[1])
}

function height(line: Line): number {
  return line.bbox[3] - line.bbox[1]
}

function isBlank(line: Line): boolean {
  return line.spans.every((s) => s.text.trim() === '')
}

function middle(line: Line): number {
  return (line.bbox[1] + line.bbox[3]) / 2
}
