import { boundsOf, isHorizontal, type Block, type Line, type Span } from '../shared/layout.js'
import { isWorded } from '../shared/panel-heading.js'
import { isGutterClear } from './page-gutter.js'

/**
 * MuPDF goes on with a line while the next character stands within a space of its own size: a
 * cover's title set at 28 pt, level with the next panel's line at 10 pt, is joined to that line's
 * end across the gutter between the panels ("… packed in ice Flooded Canal"). The line bridges
 * the gutter, the page shows no band of whitespace there, and the panels are read across. A line
 * is cut where its type changes size SIZES_APART times and more across a gap of an em of the
 * smaller type, through which a band of whitespace runs down the whole page, no other line
 * reaching into it, and words on each side. Words of one sentence in two sizes stand a space
 * apart, a drop cap or a raised mark touches its word, and a margin's line numbers are figures.
 */
export function splitSizeJoins(blocks: readonly Block[]): Block[] {
  const page = blocks.flatMap((b) => b.lines).filter(isHorizontal)
  if (page.length < 2) return [...blocks]
  const height: [number, number] = [
    Math.min(...page.map((l) => l.bbox[1])),
    Math.max(...page.map((l) => l.bbox[3]))
  ]
  return blocks.map((block) => {
    const lines = block.lines.flatMap((line) => cut(line, page, height))
    return lines.length === block.lines.length ? block : { ...block, lines }
  })
}

/** How many times one size the other is, at least, for a cover's title beside a panel's text. */
const SIZES_APART = 1.4

/**
 * The line cut at its first such gap, or whole. Cut once: the line itself, standing on the
 * page, spans any further gap of its own.
 */
function cut(line: Line, page: readonly Line[], height: [number, number]): Line[] {
  if (!isHorizontal(line)) return [line]
  let previous: Span | undefined
  for (const [i, span] of line.spans.entries()) {
    if (span.text.trim() === '') continue
    if (previous !== undefined) {
      const [small, large] = [previous.size, span.size].sort((p, q) => p - q)
      const gap: [number, number] = [inkEnd(previous), inkStart(span)]
      if (
        large! >= small! * SIZES_APART &&
        gap[1] - gap[0] >= small! &&
        isGutterClear(
          page.filter((l) => l !== line),
          gap,
          height
        )
      ) {
        const left = lineOf(line, line.spans.slice(0, i))
        const right = lineOf(
          line,
          line.spans.slice(i).map((s, k) => (k === 0 ? trimStart(s) : s))
        )
        if (isWorded(left) && isWorded(right)) return [left, right]
      }
    }
    previous = span
  }
  return [line]
}

/** The x where the span's last inked character ends. */
function inkEnd(span: Span): number {
  const chars = [...span.text]
  for (let k = chars.length - 1; k >= 0; k--) {
    if (chars[k]!.trim() !== '') return span.charX[2 * k + 1] ?? span.bbox[2]
  }
  return span.bbox[2]
}

/** The x where the span's first inked character starts. */
function inkStart(span: Span): number {
  const k = [...span.text].findIndex((c) => c.trim() !== '')
  return k < 0 ? span.bbox[0] : (span.charX[2 * k] ?? span.bbox[0])
}

/** The span without the blanks it opens with: the space MuPDF put in the gap it joined across. */
function trimStart(span: Span): Span {
  const chars = [...span.text]
  const k = chars.findIndex((c) => c.trim() !== '')
  if (k <= 0) return span
  const charX = span.charX.slice(2 * k)
  return {
    ...span,
    text: chars.slice(k).join(''),
    charX,
    bbox: [charX[0] ?? span.bbox[0], span.bbox[1], span.bbox[2], span.bbox[3]]
  }
}

function lineOf(line: Line, spans: readonly Span[]): Line {
  return { ...line, spans, bbox: boundsOf(spans.map((s) => s.bbox)) }
}
