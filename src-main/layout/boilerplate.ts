import { drawnText, type Block, type BlockRole, type PageLayout } from '../shared/layout.js'
import { memoize } from '../shared/memo.js'
import { dominantFrame, pageBox, toFrame, type Frame } from './frame.js'
import { footnoteIds } from './footnotes.js'
import { bodySize } from './body-size.js'
import { isMarginText } from './page-order.js'

/** A block near the top or bottom edge of a page, as the document pass compares it. */
export type EdgeBlock = Readonly<{
  /** The block's text with digits as `#`, spaces collapsed, and its size: page 3 and 4 match. */
  key: string
  /** Near the top or bottom edge, or a stamp set slantwise anywhere on the page. */
  zone: 'top' | 'bottom' | 'stamp'
  /** Centre of the block from the top of the page, as a share of the page height. */
  y: number
}>

/** Text repeated near the same edge, at about the same height, on enough pages of a document. */
export type RunningText = EdgeBlock

/** Bands at the top and bottom of the page where running heads and feet are looked for. */
const EDGE_BAND = 0.2
/** Blocks looked at from each edge: running text sits outside the body, so only the outermost. */
const EDGE_BLOCKS = 3
/** Running text moves little between pages: its centre stays within 3% of the page height. */
const Y_TOLERANCE = 0.03

export function edgeKey(text: string): string {
  return text.normalize('NFKC').replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 120)
}

/**
 * A block's key for the document pass: its text with digits as `#` and its largest font size.
 * Case and size stay: the first page's title ("THE DIGITAL MILLENNIUM COPYRIGHT ACT", 15 pt) is
 * not the running head that repeats it on later pages (12 pt, mixed case). Computed once per
 * block: the roles compare every block's key with every other's.
 */
const blockKey = memoize((block: Block): string => {
  const size = Math.max(0, ...block.lines.flatMap((l) => l.spans.map((s) => s.size)))
  return `${edgeKey(drawnText(block))} @${Math.round(size)}`
})

type Placed = {
  block: Block
  /** The block's drawn text, trimmed: read by most rules, so made once. */
  text: string
  x0: number
  x1: number
  y0: number
  y1: number
  frame: Frame
}

function placed(layout: PageLayout): { items: Placed[]; height: number } {
  const frame = dominantFrame(layout)
  const page = pageBox(frame, layout)
  const items = layout.blocks
    .map((block) => ({ block, text: drawnText(block).trim() }))
    .filter(({ text }) => text !== '')
    .map(({ block, text }) => {
      const box = toFrame(frame, block.bbox)
      return {
        block,
        text,
        x0: box[0] - page[0],
        x1: box[2] - page[0],
        y0: box[1] - page[1],
        y1: box[3] - page[1],
        frame
      }
    })
  return { items, height: page[3] - page[1] }
}

/**
 * Text set slantwise, 15° or more off both axes: a watermark or stamp laid across the page
 * ("DO NOT SEND THIS PAGE WITH YOUR CLAIM", "DRAFT"). Body text is set along an axis, even on a
 * rotated page or in vertical CJK.
 */
export function isSlanted(block: Block): boolean {
  return block.lines.some((l) => Math.min(Math.abs(l.dir[0]), Math.abs(l.dir[1])) > SLANT)
}

/** sin 15°. */
const SLANT = 0.26

/**
 * The outermost blocks of each edge band and the slanted blocks anywhere, for the document pass
 * (kept in the page digest).
 */
export function edgeBlocks(layout: PageLayout): EdgeBlock[] {
  const { items, height } = placed(layout)
  if (height <= 0) return []
  const centre = (p: Placed): number => (p.y0 + p.y1) / 2 / height
  const top = items
    .filter((p) => centre(p) <= EDGE_BAND)
    .sort((a, b) => a.y0 - b.y0)
    .slice(0, EDGE_BLOCKS)
  const bottom = items
    .filter((p) => centre(p) >= 1 - EDGE_BAND)
    .sort((a, b) => b.y1 - a.y1)
    .slice(0, EDGE_BLOCKS)
  const stamps = items.filter((p) => isSlanted(p.block))
  return [
    ...top.map((p) => ({ key: blockKey(p.block), zone: 'top' as const, y: centre(p) })),
    ...bottom.map((p) => ({ key: blockKey(p.block), zone: 'bottom' as const, y: centre(p) })),
    ...stamps.map((p) => ({ key: blockKey(p.block), zone: 'stamp' as const, y: centre(p) }))
  ].filter((e) => e.key !== '')
}

/**
 * Text repeated at the same edge and height across pages. Two pages suffice in a document of up
 * to three pages; longer documents need three, so that two pages that merely start alike (two
 * chapters opening with "Introduction") are not taken for running heads.
 */
export function runningText(pages: ReadonlyArray<readonly EdgeBlock[]>): RunningText[] {
  const need = pages.length <= 3 ? 2 : 3
  if (pages.length < 2) return []
  const groups = new Map<string, Array<{ page: number; y: number }>>()
  pages.forEach((edges, page) => {
    for (const e of edges) {
      const k = `${e.zone}\t${e.key}`
      groups.set(k, [...(groups.get(k) ?? []), { page, y: e.y }])
    }
  })
  const found: Array<RunningText & { pages: Set<number> }> = []
  for (const [k, hits] of groups) {
    const ys = hits.map((h) => h.y).sort((a, b) => a - b)
    const median = ys[Math.floor(ys.length / 2)] ?? 0
    const near = new Set(
      hits.filter((h) => Math.abs(h.y - median) <= Y_TOLERANCE).map((h) => h.page)
    )
    if (near.size < need) continue
    const [zone, key] = k.split('\t') as [EdgeBlock['zone'], string]
    found.push({ key, zone, y: median, pages: near })
  }
  return found
    .filter((r) => !insideBody(r, r.pages, pages, found))
    .map(({ key, zone, y }) => ({ key, zone, y }))
}

/**
 * Running heads and feet sit outside the page's text area: no page sets its own text further out
 * than they stand. Text that repeats at a height which more of the other pages fill with text of
 * their own, further out, is inside the text area: a theorem's "Beweis:" that several pages of a
 * lecture script happen to end on, at the height where most pages still run on for a line or two.
 */
function insideBody(
  r: RunningText,
  onPages: ReadonlySet<number>,
  pages: ReadonlyArray<readonly EdgeBlock[]>,
  found: readonly RunningText[]
): boolean {
  if (r.zone === 'stamp') return false
  const runningKey = new Set(found.filter((f) => f.zone === r.zone).map((f) => f.key))
  const further = (e: EdgeBlock): boolean => (r.zone === 'top' ? e.y < r.y : e.y > r.y)
  let beyond = 0
  pages.forEach((edges, page) => {
    if (onPages.has(page)) return
    if (edges.some((e) => e.zone === r.zone && !runningKey.has(e.key) && further(e))) beyond++
  })
  return beyond > onPages.size
}

/**
 * A page number alone: "12", "- 12 -", "Page 12", "12 of 30", "xiv". Roman numerals are in one
 * case: "Vxi" is a formula's subscripted variable, not page 16.
 */
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?((?:page|Page|PAGE)\s*)?(\d{1,4}|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})(\s*(of|OF|\/)\s*\d{1,4})?(?:\s*[-–—])?$/
/**
 * A running head that carries the page number at one end ("400 BRITISH HUSBANDRY. [Ch. XIX.");
 * up to three digits, so a title ending in a year ("… ACT OF 1998") is not one.
 */
const NUMBERED_HEAD = /^(\d{2,3}\s+\S.*|.*\S\s+\d{1,3})$/
/**
 * A numbered running head ("Optimized Table Tokenization … 9") is the page's topmost block with
 * its middle in this top share of the page: Springer's LNCS sets it at 12.3% of its height.
 */
const TOP_HEAD = 0.15
/** Words a sentence opening a page holds at least, for it to be taken for text, not a head. */
const SENTENCE_WORDS = 10

/** A paragraph of this many lines and more, within this many ems beside a label, is its box's. */
const BODY_LINES = 2
const BESIDE_GAP = 2

/** Page-local bands: a short block wholly inside the outer 7% is a running head or foot. */
const PAGE_BAND = 0.07

/**
 * Roles from the page alone and from the document's running text: margin stamps set across the
 * text direction and slanted stamps repeated across pages become noise; a block repeated as
 * running text, a lone page number near an
 * edge, a numbered running head at the very top, or a short small block wholly in the outer band
 * become header or footer. Everything else is body.
 */
export function boilerplateRoles(
  layout: PageLayout,
  running: readonly RunningText[] = []
): BlockRole[] {
  const notes = footnoteIds(layout)
  const roles: BlockRole[] = layout.blocks.map((b) => (notes.has(b.id) ? 'footnote' : 'body'))
  const { items, height } = placed(layout)
  if (height <= 0 || items.length === 0) return roles
  const size = bodySize(layout)
  const topmost = Math.min(...items.map((p) => p.y0))
  const zoneOf = (p: Placed): 'header' | 'footer' =>
    (p.y0 + p.y1) / 2 / height <= 0.5 ? 'header' : 'footer'
  const inBand = (o: Placed): boolean =>
    o.y1 / height <= PAGE_BAND || o.y0 / height >= 1 - PAGE_BAND
  const across = (a: Placed, b: Placed): boolean => a.x0 < b.x1 && a.x1 > b.x0
  const beyond = (o: Placed, p: Placed): boolean =>
    zoneOf(p) === 'header' ? o.y1 <= p.y0 : o.y0 >= p.y1

  const isRepeated = (p: Placed, zone?: 'stamp'): boolean => {
    if (running.length === 0) return false
    const centre = (p.y0 + p.y1) / 2 / height
    // The key is made last: most blocks asked about lie nowhere near running text, and making it
    // normalises and rewrites the block's text.
    return running.some(
      (r) =>
        (zone
          ? r.zone === zone
          : r.zone !== 'stamp' && (r.zone === 'top') === (zoneOf(p) === 'header')) &&
        Math.abs(r.y - centre) <= Y_TOLERANCE &&
        r.key === blockKey(p.block)
    )
  }

  // Folios first: a lone page number near an edge with nothing but band text further out, and no
  // other lone number in line with it (numbers stacked in a column are a transcript's or a code
  // listing's line numbers).
  const folios = new Set<Placed>()
  for (const p of items) {
    const centre = (p.y0 + p.y1) / 2 / height
    if ((centre > EDGE_BAND && centre < 1 - EDGE_BAND) || !PAGE_NUMBER.test(p.text)) {
      continue
    }
    // A running head further out that carries a number ("21 1.6. WEGE UND KNOTEN") holds the
    // page's number already: a lone letter or number under it is a figure's label ("X", "C").
    const outermost = !items.some(
      (o) => across(o, p) && beyond(o, p) && (!inBand(o) || (o !== p && NUMBERED_HEAD.test(o.text)))
    )
    const stacked = items.some((o) => o !== p && across(o, p) && PAGE_NUMBER.test(o.text))
    if (outermost && !stacked) folios.add(p)
  }

  for (const p of items) {
    const id = p.block.id
    if (isMarginText(p.block, layout) || (isSlanted(p.block) && isRepeated(p, 'stamp'))) {
      roles[id] = 'noise'
      continue
    }
    const centre = (p.y0 + p.y1) / 2 / height
    const nearEdge = centre <= EDGE_BAND || centre >= 1 - EDGE_BAND
    // Every rule below holds only near an edge (folios are found there, the outer band and the
    // numbered head's top 15% lie inside it): the body's blocks need no key or neighbours.
    if (!nearEdge && !folios.has(p)) continue
    const zone = zoneOf(p)
    const text = p.text
    const repeated = isRepeated(p)
    const maxSize = Math.max(...p.block.lines.flatMap((l) => l.spans.map((s) => s.size)))
    const small = maxSize <= size * 1.15
    const fewRows = p.block.lines.length <= 4 && text.length <= 160
    // A sentence of ten words and more at the top of the page is where its text starts, not a
    // running head, which names a title, a chapter or an author.
    const sentence =
      zone === 'header' &&
      /^\p{Lu}/u.test(text.trim()) &&
      /\p{Ll}[.!?]$/u.test(text.trim()) &&
      text.trim().split(/\s+/).length >= SENTENCE_WORDS
    // The last words of a sentence carried over from the foot of the column before ("first."),
    // set apart from the column's next paragraph by paragraph spacing: it opens in lower case,
    // ends the sentence, and a block of the body left of it, reaching below it, breaks off
    // inside a sentence.
    const carried =
      zone === 'header' &&
      /^\p{Ll}/u.test(text.trim()) &&
      /[.!?]$/u.test(text.trim()) &&
      items.some(
        (o) =>
          o.x1 <= p.x0 &&
          o.y1 > p.y1 &&
          o.block.lines.length >= 2 &&
          !inBand(o) &&
          /[\p{L},;-]$/u.test(o.text)
      )
    // A head needs body text below it and a foot body text above it (a lone block is the page's
    // content), set off by at least a line's height: text that runs on at line spacing is the
    // body starting high on the page. Other band text and folios are not body.
    const heights = p.block.lines.map((l) => l.bbox[3] - l.bbox[1]).sort((a, b) => a - b)
    const line = heights[Math.floor(heights.length / 2)] ?? 0
    // Blocks beside it on its rows are neither in nor out from it; a block under it in its own
    // column whose box touches it (a paragraph running on at line spacing from the line that
    // carries on a sentence from the column before) is the body it belongs to.
    const inward = items.filter(
      (o) =>
        !beyond(o, p) &&
        o !== p &&
        !inBand(o) &&
        !folios.has(o) &&
        !(across2(o, p) && !across(o, p))
    )
    const gap = Math.min(...inward.map((o) => (zone === 'header' ? o.y0 - p.y1 : p.y0 - o.y1)))
    const others = inward.length > 0 && gap >= line
    // Repeated text whose box another block's box reaches into is part of the body: the header
    // row of the tables that open pages 2 and 3 at the same height (eu-001), not a running head.
    // Boxes touching by a point or two (a heading set tight under the head) are still set off;
    // so is running text overlapping running text (a two-line head set as two blocks).
    const reaches = (o: Placed): boolean =>
      Math.min(o.y1, p.y1) - Math.max(o.y0, p.y0) > Math.min(o.y1 - o.y0, p.y1 - p.y0) / 4
    const setOff = !items.some(
      (o) => o !== p && across(o, p) && reaches(o) && !inBand(o) && !isRepeated(o)
    )
    // Repeated text is running text only outside the body: no body block lies further out across
    // it. A theorem's heading ("Bemerkung 41", "Definition 17") that several pages happen to set
    // at the same height near their foot has its own text running on below it.
    const outer = items.filter((o) => o !== p && across(o, p) && beyond(o, p))
    const bodyBeyond = outer.some((o) => !inBand(o) && !isRepeated(o) && !folios.has(o))
    // Under other text further up (the page's running head), repeated text nearer to the body
    // than to that text opens the body: a theorem's heading or a section title ("Definition 20",
    // "Übungsaufgaben") that several pages set first under their running head. Not at the foot,
    // where a page number often sits nearer the text than the foot's other lines (TAMReview).
    const inner = items.filter((o) => o !== p && across(o, p) && !beyond(o, p) && !isRepeated(o))
    const opensBody =
      zone === 'header' &&
      outer.length > 0 &&
      Math.min(...inner.map((o) => o.y0 - p.y1)) < Math.min(...outer.map((o) => p.y0 - o.y1))
    // A box's label in a column's margin, level with the first lines of the paragraph beside it
    // (a booklet's "NOTE" where that paragraph opens the page), stands beside the body, not over
    // it as a head does. That paragraph may end in the band, where MuPDF parted its first lines
    // from the rest, set right under them.
    const runsOn = (o: Placed): boolean =>
      items.some((u) => u !== o && !inBand(u) && across(u, o) && Math.abs(u.y0 - o.y1) <= size)
    const besideBody = (): boolean =>
      items.some(
        (o) =>
          o !== p &&
          (!inBand(o) || runsOn(o)) &&
          across2(o, p) &&
          !across(o, p) &&
          o.block.lines.length >= BODY_LINES &&
          Math.max(o.x0 - p.x1, p.x0 - o.x1) <= BESIDE_GAP * size
      )
    // A line at the top of a column level with the first lines of the columns beside it is the
    // body's first line ("Tuesday night." ending the sentence carried from the column before), set
    // apart by paragraph spacing: a running head stands above the body, not in its first row.
    const firstRow = (): boolean =>
      zone === 'header' &&
      items.some(
        (o) =>
          o !== p &&
          !inBand(o) &&
          !across(o, p) &&
          o.block.lines.length >= BODY_LINES &&
          Math.abs(o.y0 - p.y0) <= line / 2
      )
    if (
      (nearEdge && repeated && setOff && !bodyBeyond && !opensBody) ||
      folios.has(p) ||
      (p.y0 === topmost &&
        centre <= TOP_HEAD &&
        NUMBERED_HEAD.test(text) &&
        text.split(/\s+/).length <= 10 &&
        maxSize <= size * 1.6) ||
      (inBand(p) &&
        small &&
        fewRows &&
        others &&
        !sentence &&
        !carried &&
        !besideBody() &&
        !firstRow())
    ) {
      roles[id] = zone
    }
  }
  return roles
}

/** Blocks on the same rows as `p` (side by side with it), which are neither in nor out from it. */
function across2(o: Placed, p: Placed): boolean {
  return o.y0 < p.y1 && o.y1 > p.y0
}
