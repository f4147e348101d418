import { treeVerdict } from '../layout/order.js'
import { geometricOrder } from '../layout/page-order.js'
import type { Flag } from '../shared/flags.js'
import { boundsOf, drawnText, type BBox, type PageLayout } from '../shared/layout.js'
import type { Spot } from '../shared/spots.js'
import { otherSizes } from './block-type.js'
import { misreadBoxes } from './box-labels.js'
import type { Check } from './check.js'
import { collidingLines } from './colliding-lines.js'
import { columnsLeft } from './column-bands.js'
import { hasOcrLayer } from './invisible-text.js'
import { linesAcrossGutter } from './gutter-lines.js'
import { markerOf, marksApart } from './list-marks.js'
import { openEnds } from './open-ends.js'
import { joinedHeadings } from './panel-headings.js'
import { proseTables } from './prose-tables.js'
import { PROSE_LINE, isProse } from '../shared/prose.js'
import { apartInX, readLines, sameRow, type ReadLine } from './read-lines.js'
import { brokenFlows } from './sentence-flow.js'
import { runTogether } from './run-together.js'

/**
 * Prose lines (PROSE_LINE characters or more) read one after another across two column ranges
 * and back, row by row: columns interleaved ("You may be able | available from the Internal
 * Revenue | rule."), or prose columns taken for a table and read a row at a time. A table's
 * rows of figures and names are read so on purpose; a printed line MuPDF split at a wide gap reads
 * across and back as well, but its right part starts wherever the gap fell, where an
 * interleaved column's lines all start at its edge.
 */
/** Zigzags in a row, their second lines starting at one edge, before it is a pattern. */
const MIN_ZIGZAGS = 3
/** How far the starts of one column's lines may stray, in points. */
const EDGE = 2

/** Panels a row may cross before the reading comes back: a tri-fold leaflet has three. */
const MAX_PANELS = 4

function zigzags(lines: readonly ReadLine[]): ReadLine[][] {
  const found: ReadLine[][] = []
  let run: ReadLine[][] = []
  const close = () => {
    if (run.length >= MIN_ZIGZAGS) found.push(...run)
    run = []
  }
  for (let i = 0; i + 2 < lines.length; i++) {
    const a = lines[i]!
    let j = i + 1
    while (
      j < lines.length &&
      j - i < MAX_PANELS &&
      sameRow(lines[j]!.bbox, a.bbox) &&
      apartInX(lines[j]!.bbox, lines[j - 1]!.bbox)
    ) {
      j++
    }
    const back = lines[j]
    if (j === i + 1 || !back) continue
    const row = lines.slice(i, j)
    const zig =
      [...row, back].every((line) => line.text.length >= PROSE_LINE && isProse(line.text)) &&
      !apartInX(a.bbox, back.bbox) &&
      back.bbox[1] > (a.bbox[1] + a.bbox[3]) / 2
    if (!zig) continue
    const last = run.at(-1)
    const inStep =
      last !== undefined &&
      last.at(-1) === a &&
      Math.abs(last[1]!.bbox[0] - row[1]!.bbox[0]) <= EDGE &&
      Math.abs(last[0]!.bbox[0] - a.bbox[0]) <= EDGE
    if (!inStep) close()
    run.push([...row, back])
    i = j - 1
  }
  close()
  return found
}

/**
 * Lines at most this many from elsewhere between the two halves of a cut sentence, a list's
 * markers not counted.
 */
const MAX_CUT_LINES = 3
function otherSize(a: ReadLine, b: ReadLine): boolean {
  return otherSizes(a.size, b.size)
}

/**
 * A part of `line`'s own printed line that MuPDF set apart at a wide gap: on its row (centres
 * less than half a line apart, as a baseline that wavers in a scan's text layer still is), in
 * its type.
 */
function ownPart(part: ReadLine, line: ReadLine): boolean {
  const centre = (b: BBox) => (b[1] + b[3]) / 2
  const height = Math.max(part.bbox[3] - part.bbox[1], line.bbox[3] - line.bbox[1])
  return Math.abs(centre(part.bbox) - centre(line.bbox)) < height / 2 && !otherSize(part, line)
}

/** A side box's label: one word in capitals, maybe under its "!" ("CAUTION", "! NOTE"). */
const LABEL = /^(?:!\s*)?\p{Lu}{3,}$/u

/** Whether `lines` open with a box's label over words of its box ("TIP" / "Read the" / "school"). */
function labelOver(lines: readonly ReadLine[]): boolean {
  const [label] = lines
  return (
    label !== undefined &&
    LABEL.test(label.text) &&
    lines.slice(1).some((l) => l.block === label.block && isProse(l.text))
  )
}

/** A list's marks: a bullet, a dash, an asterisk, a number. */
const MARKS = String.raw`[-–—•*·▪■●◦‣○]|\d{1,2}[.)]`

/**
 * Whether line `k` of `lines` is a list's item or its marker: no part of a printed line set
 * apart at a wide gap, whatever row it shares.
 */
const listItem = (lines: readonly ReadLine[], k: number): boolean =>
  ITEM.test(lines[k]!.text) || markerOf(lines, k) || (k > 0 && markerOf(lines, k - 1))

/** An item's line opening with its marker ("* Harbour: before the war"). */
const ITEM = new RegExp(String.raw`^(?:${MARKS})\s+\p{L}`, 'u')

/** Whether line `k` of `lines` goes on from the prose before it in its block, under its label. */
function continues(lines: readonly ReadLine[], k: number): boolean {
  const line = lines[k]!
  const before = lines.slice(0, k).filter((l) => l.block === line.block && !LABEL.test(l.text))
  return (
    before.length > 0 &&
    isProse(before[0]!.text) &&
    isProse([...before, line].map((l) => l.text).join(' '))
  )
}

/**
 * A line that stops mid-sentence: on a word in lower case, or on a sentence's first word after
 * a stop ("BROKEN MEADOW. By", a run-in heading and the word its paragraph opens with).
 */
const MID_SENTENCE_END = /(?:\p{Ll}{2,}[,;]?|[.:]\s+\p{Lu}\p{Ll}*)$/u

/**
 * A sentence cut by text from elsewhere: a line stops mid-sentence (on a word in lower case),
 * one to three lines of prose follow that stand apart from it (another column range, or another
 * block in another type size: a side box, a caption, another panel), and the next line carries
 * the sentence on (a word in lower case) beside the first. A box's later line may hold a word
 * alone ("month."), going on from its prose, a list's item its marker drawn apart ("-" /
 * "Ferry: before the war"), and a side box's label in capitals may stand over its words ("TIP" /
 * "Read the" / "school"). A line's own right part, on its row, is no intruder;
 * formulas, code and labels shown inside a sentence are the sentence's (a formula and a label
 * each on a line of its own are no prose taken together either), though a line in a monospaced
 * font is code only in a sentence that is not itself set in one. An OCR layer's one glyphless
 * font is monospaced whatever the scan's type (`typeset` false): there every such line is prose
 * alike, and one in another size is no box.
 */
function cutSentences(lines: readonly ReadLine[], typeset: boolean): ReadLine[][] {
  const found: ReadLine[][] = []
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!
    if (first.table || !MID_SENTENCE_END.test(first.text)) continue
    for (let gap = 1; i + gap + 1 < lines.length; gap++) {
      const between = lines.slice(i + 1, i + gap + 1)
      if (between.filter((_, k) => !markerOf(between, k)).length > MAX_CUT_LINES) break
      const next = lines[i + gap + 1]!
      if (!/^\p{Ll}{2,}/u.test(next.text) || apartInX(first.bbox, next.bbox)) continue
      if (otherSize(first, next)) continue
      const foreign = between.every(
        (line, k) =>
          (isProse(line.text) ||
            markerOf(between, k) ||
            (k > 0 && continues(between, k)) ||
            (k === 0 && labelOver(between))) &&
          (!line.mono || (typeset && first.mono && next.mono)) &&
          ((!ownPart(line, first) && !ownPart(line, next)) || listItem(between, k)) &&
          ((apartInX(line.bbox, first.bbox) && apartInX(line.bbox, next.bbox)) ||
            (line.block !== first.block && line.block !== next.block && otherSize(line, first)))
      )
      if (!foreign) continue
      found.push([first, ...between, next])
      break
    }
  }
  return found
}

/** Share of the page's characters two orders place differently past which they disagree. */
const DISAGREE_SHARE = 0.4

/**
 * The blocks outside the longest run the two orders share (weighted by characters), and their
 * characters' share of all.
 */
function misplaced(
  layout: PageLayout,
  a: readonly number[],
  b: readonly number[]
): { share: number; ids: number[] } {
  const place = new Map(b.map((id, i) => [id, i]))
  const seq = a.filter((id) => place.has(id))
  const chars = (id: number) => (layout.blocks[id] ? drawnText(layout.blocks[id]).length : 0)
  // Longest run of `seq` increasing in `b`'s places (quadratic: a page has few blocks).
  const best: number[] = []
  const before: number[] = []
  let total = 0
  let end = -1
  seq.forEach((id, i) => {
    const own = chars(id)
    total += own
    best.push(own)
    before.push(-1)
    for (let j = 0; j < i; j++) {
      if ((place.get(seq[j]!) ?? 0) < (place.get(id) ?? 0) && best[j]! + own > best[i]!) {
        best[i] = best[j]! + own
        before[i] = j
      }
    }
    if (end < 0 || best[i]! > best[end]!) end = i
  })
  const kept = new Set<number>()
  for (let i = end; i >= 0; i = before[i]!) kept.add(seq[i]!)
  const keptChars = end < 0 ? 0 : best[end]!
  return {
    share: total === 0 ? 0 : 1 - keptChars / total,
    ids: seq.filter((id) => !kept.has(id))
  }
}

const SPOTS = 6

function spot(lines: readonly ReadLine[], note: string): Spot {
  return { bbox: boundsOf(lines.map((l) => l.bbox)), note }
}

function clip(text: string, length = 40): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`
}

/**
 * order_suspect: the page's text is not read in the order a reader reads it, seen from the
 * text itself rather than trusted from the order chosen: lines zigzag between column ranges or
 * run on across a column gap (gutter-lines.ts), a sentence is cut by text from elsewhere and goes
 * on after it, a block starts mid-sentence after another ended its sentence (sentence-flow.ts),
 * a paragraph of the next column is read between two of one column (column-bands.ts), prose
 * columns are read as a table a row at a time (prose-tables.ts), a column's last sentence is
 * left open before a block under running text of another column (open-ends.ts), a side box is
 * read apart from its words or inside a sentence (box-labels.ts), a line runs over the gutter
 * into the next column's words on its row (colliding-lines.ts), headings of columns side by side
 * are read as one line (panel-headings.ts), a block runs
 * paragraphs together, or the tagged order and the geometric one
 * disagree on much of the page. Each finding carries its spot on the page, for the reviewer to
 * look at.
 */
export const orderSuspect: Check = (input) => {
  const lines = readLines(input)
  const reasons: string[] = []
  const spots: Spot[] = []
  // A list's marker drawn apart is read with its item: items side by side zigzag as prose does.
  const zig = zigzags(lines.filter((_, i) => !markerOf(lines, i)))
  if (zig.length >= MIN_ZIGZAGS) {
    const [a, b] = zig[0] ?? []
    reasons.push(
      `lines read across columns and back on ${zig.length} rows ("${clip(a?.text ?? '')}" | "${clip(b?.text ?? '')}")`
    )
    spots.push(...zig.slice(0, SPOTS).map((z) => spot(z, 'a row read across columns')))
  }
  const cuts = cutSentences(lines, !hasOcrLayer(input.layout))
  if (cuts.length > 0) {
    const cut = cuts[0]!
    const inner = cut
      .slice(1, -1)
      .map((l) => l.text)
      .join(' ')
    reasons.push(
      `a sentence is cut by "${clip(inner)}" ("…${clip(cut[0]!.text.slice(-30))}" goes on "${clip(cut.at(-1)!.text).replace(/…?$/u, '…')}")`
    )
    spots.push(
      ...cuts
        .slice(0, SPOTS)
        .map((c) => spot(c.slice(1, -1), 'text from elsewhere inside a sentence'))
    )
  }
  const gutters = linesAcrossGutter(input)
  if (gutters.length > 0) {
    const first = gutters[0]!
    reasons.push(
      `${first.lines} lines run on across a column gap at x ${first.x} ("…${clip(first.left.slice(-30))}" | "${clip(first.right)}")`
    )
    spots.push(
      ...gutters.slice(0, SPOTS).map((g) => ({ bbox: g.bbox, note: 'lines run across columns' }))
    )
  }
  const flows = brokenFlows(input)
  if (flows.length > 0) {
    const first = flows[0]!
    reasons.push(
      `${flows.length === 1 ? 'a block starts' : `${flows.length} blocks start`} mid-sentence after a sentence's end ("…${clip(first.before.slice(-30))}" then "${clip(first.after)}")`
    )
    spots.push(
      ...flows.slice(0, SPOTS).map((f) => ({ bbox: f.bbox, note: 'a sentence begun elsewhere' }))
    )
  }
  const left = columnsLeft(input)
  if (left.length > 0) {
    const first = left[0]!
    reasons.push(
      `a paragraph of the next column is read inside a column ("${clip(first.early)}" before "${clip(first.left)}")`
    )
    spots.push(
      ...left
        .slice(0, SPOTS)
        .map((l) => ({ bbox: l.bbox, note: 'a paragraph read before its column' }))
    )
  }
  const tables = proseTables(input)
  if (tables.length > 0) {
    const first = tables[0]!
    reasons.push(
      `columns of running text are read as a table, a row at a time ("${clip(first.row, 60)}")`
    )
    spots.push(
      ...tables
        .slice(0, SPOTS)
        .map((t) => ({ bbox: t.bbox, note: 'prose columns read as table rows' }))
    )
  }
  const open = openEnds(input)
  if (open.length > 0) {
    const first = open[0]!
    reasons.push(
      `a sentence is left open ("…${clip(first.open.slice(-30))}" then "${clip(first.next)}")`
    )
    spots.push(...open.slice(0, SPOTS).map((o) => ({ bbox: o.bbox, note: 'a sentence left open' })))
  }
  const boxes = misreadBoxes(input)
  if (boxes.length > 0) {
    const first = boxes[0]!
    const [before = '', after = ''] = first.words
    reasons.push(
      first.fault === 'words apart'
        ? `a side box's label is read apart from its words ("${clip(first.label)}" and "${clip(first.words.join(' '))}")`
        : `a side box is read inside the text beside it ("…${clip(before.slice(-30))}" / "${clip(first.label)}" / "${clip(after)}")`
    )
    spots.push(
      ...boxes.slice(0, SPOTS).map((b) => ({
        bbox: b.bbox,
        note: `a side box's ${b.fault === 'words apart' ? 'words read apart' : 'text read inside a sentence'}`
      }))
    )
  }
  const collisions = collidingLines(input, lines)
  if (collisions.length > 0) {
    const first = collisions[0]!
    reasons.push(
      `a line runs into the next column's text on its row ("…${clip(first.left.slice(-30))}" meets "${clip(first.right)}")`
    )
    spots.push(
      ...collisions
        .slice(0, SPOTS)
        .map((c) => ({ bbox: c.bbox, note: "a line run into the next column's words" }))
    )
  }
  const marks = marksApart(lines)
  if (marks.length > 0) {
    const first = marks[0]!
    reasons.push(
      `${first.length} list marks are read one after another, apart from their items ("${clip(first.map((l) => l.text).join(' '))}")`
    )
    spots.push(
      ...marks.slice(0, SPOTS).map((m) => spot(m, "a list's marks read apart from its items"))
    )
  }
  const joined = joinedHeadings(input)
  if (joined.length > 0) {
    reasons.push(
      `headings of side-by-side columns are read as one line ("${clip(joined[0]!.text, 60)}")`
    )
    spots.push(
      ...joined.slice(0, SPOTS).map((j) => ({ bbox: j.bbox, note: "columns' headings joined" }))
    )
  }
  const long = runTogether(input)
  if (long.length > 0) {
    const worst = long.reduce((a, b) => (b.chars > a.chars ? b : a))
    reasons.push(`a block of ${worst.chars} characters runs ${worst.ends + 1} paragraphs together`)
    for (const { id } of long.slice(0, SPOTS)) {
      const block = input.layout.blocks[id]
      if (block) spots.push({ bbox: block.bbox as BBox, note: 'paragraphs run together' })
    }
  }
  const tree = treeVerdict(input.layout)
  if (tree.order) {
    const apart = misplaced(input.layout, tree.order, geometricOrder(input.layout))
    if (apart.share >= DISAGREE_SHARE) {
      reasons.push(
        `the tagged order and the page's columns disagree on ${Math.round(apart.share * 100)}% of the text`
      )
      for (const id of apart.ids.slice(0, SPOTS)) {
        const block = input.layout.blocks[id]
        if (block) spots.push({ bbox: block.bbox, note: 'read elsewhere by the tags' })
      }
    }
  }
  if (reasons.length === 0) return []
  const flag: Flag = {
    code: 'order_suspect',
    severity: 'warn',
    message: `Reading order suspect: ${reasons.join('; ')}`,
    evidence: {
      zigzags: zig.length,
      cutSentences: cuts.length,
      gutterBlocks: gutters.length,
      brokenFlows: flows.length,
      columnsLeft: left.length,
      proseTables: tables.length,
      openEnds: open.length,
      misreadBoxes: boxes.length,
      longBlocks: long.length,
      collisions: collisions.length,
      joinedHeadings: joined.length,
      marksApart: marks.length,
      spots
    }
  }
  return [flag]
}
