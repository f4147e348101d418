import { boundsOf, isHorizontal, type Block, type Line, type Span } from '../shared/layout.js'
import { mergeConsecutive } from './merge-blocks.js'

/** A space set smaller than this many points is not drawn to be seen: it only parts two words. */
const HIDDEN_SIZE = 0.1

/**
 * Some producers draw every word gap as a space at size 0 in a font of its own (not_parsing2, an
 * Elsevier journal). MuPDF then starts a new line at every word and often a new block mid-row, so
 * a paragraph comes apart into rows of one-word lines that read as a table, and its blocks end
 * halfway along a row. A line that opens with such a space and goes on from the line before it,
 * on the same row, is joined to that line here, across MuPDF's blocks too; and every such space
 * takes the size of the words around it, so that it does not count as text set at 0 pt.
 */
export function joinWordPieces(blocks: readonly Block[]): Block[] {
  if (!blocks.some((b) => b.lines.some((l) => l.spans.some(isHiddenSpace)))) return [...blocks]
  const merged = mergeConsecutive(blocks, (above, _, below) => {
    const last = above.lines[above.lines.length - 1]
    const first = below.lines[0]
    return !!last && !!first && goesOn(last, first)
  })
  return merged.map((block) => ({ ...block, lines: joinLines(block.lines).map(sizeSpaces) }))
}

function isHiddenSpace(span: Span): boolean {
  return span.size < HIDDEN_SIZE && span.text.trim() === ''
}

/** `next` opens with a hidden space and starts where `line` ends, on its row. */
function goesOn(line: Line, next: Line): boolean {
  const opening = next.spans[0]
  if (!opening || !isHiddenSpace(opening) || !isHorizontal(line) || !isHorizontal(next)) {
    return false
  }
  const [x0, y0, , y1] = next.bbox
  const height = Math.min(line.bbox[3] - line.bbox[1], y1 - y0)
  const level =
    Math.abs(line.bbox[1] - y0) <= height / 4 && Math.abs(line.bbox[3] - y1) <= height / 4
  return level && x0 >= line.bbox[2] - height / 4 && x0 - line.bbox[2] <= height
}

function joinLines(lines: readonly Line[]): Line[] {
  const out: Line[] = []
  for (const line of lines) {
    const previous = out[out.length - 1]
    if (previous && goesOn(previous, line)) {
      out[out.length - 1] = {
        ...previous,
        bbox: boundsOf([previous.bbox, line.bbox]),
        spans: [...previous.spans, ...line.spans]
      }
    } else {
      out.push(line)
    }
  }
  return out
}

/** Each hidden space of a line at the size of the span after it, or else of the one before. */
function sizeSpaces(line: Line): Line {
  if (!line.spans.some(isHiddenSpace)) return line
  const spans = line.spans.map((span, i) => {
    if (!isHiddenSpace(span)) return span
    const words = [...line.spans.slice(i + 1), ...line.spans.slice(0, i).reverse()]
    const size = words.find((s) => !isHiddenSpace(s))?.size
    return size === undefined ? span : { ...span, size }
  })
  return { ...line, spans }
}
