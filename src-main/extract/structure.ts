import type { BBox, Block } from '../shared/layout.js'
import { nonSpaceLength } from '../shared/whitespace.js'
import { transformRect, type Matrix, type PageFrame } from './geometry.js'
import { mupdf } from './mupdf.js'
import type { PdfFile } from './open.js'
import { taggedLines, type TaggedLine } from './tagged-lines.js'

/**
 * The structure tree is trusted for order when at least 60% of the page's characters sit in
 * elements that mean something (P, H1, LI, TD …). The corpus's well-tagged files (NIST report,
 * CMS form) reach 85–95%; files that only carry a StructTreeRoot, or tag the page as a few Divs
 * in an order that is not the reading order (a web page printed from a browser), stay far below.
 */
const MIN_TAGGED_SHARE = 0.6

function blockAt(blocks: readonly Block[], box: BBox): number | null {
  const cx = (box[0] + box[2]) / 2
  const cy = (box[1] + box[3]) / 2
  let best: number | null = null
  let bestArea = Infinity
  for (const block of blocks) {
    const [x0, y0, x1, y1] = block.bbox
    if (cx < x0 - 1 || cx > x1 + 1 || cy < y0 - 1 || cy > y1 + 1) continue
    const area = (x1 - x0) * (y1 - y0)
    if (area < bestArea) {
      best = block.id
      bestArea = area
    }
  }
  return best
}

export function isTagged(file: PdfFile): boolean {
  return !file.pdf.getTrailer().get('Root').get('StructTreeRoot').isNull()
}

/**
 * Block ids in the order of the page's structure tree, or null when the document is untagged or
 * its tags do not carry the page's text. MuPDF's `structured` text nests text under the tree's
 * elements in tree order; each tagged line is matched to the block (of the ordinary extraction)
 * that holds its centre, and blocks take the place of their first tagged line. Artifacts
 * (running heads the producer marked as such) are outside the tree and left to geometry.
 */
export function structureOrder(
  file: PdfFile,
  page: mupdf.PDFPage,
  frame: PageFrame,
  blocks: readonly Block[]
): number[] | null {
  if (!isTagged(file) || blocks.length === 0) return null
  const stext = page.toStructuredText('structured,preserve-whitespace,preserve-ligatures')
  let lines: TaggedLine[]
  try {
    lines = taggedLines(stext.pointer, frame)
  } finally {
    stext.destroy()
  }
  const total = blocks.reduce(
    (n, b) =>
      n + b.lines.reduce((m, l) => m + l.spans.reduce((k, s) => k + nonSpaceLength(s.text), 0), 0),
    0
  )
  const meaningful = lines.filter((l) => l.meaningful).reduce((n, l) => n + l.chars, 0)
  if (total === 0 || meaningful < total * MIN_TAGGED_SHARE) return null
  const order: number[] = []
  const seen = new Set<number>()
  for (const line of lines) {
    const id = blockAt(blocks, line.box)
    if (id !== null && !seen.has(id)) {
      seen.add(id)
      order.push(id)
    }
  }
  return order.length > 0 ? order : null
}

/**
 * Block ids in the order of the document's article threads (/Threads, "beads"), or null when no
 * thread runs through the page. A thread is the author's reading path through boxes on the
 * pages: threads in turn, beads in turn, blocks within a bead in the order they are drawn. A bead
 * is a stretch of the article as its producer set it, and set it in reading order: not_parsing2
 * draws a bead's article-info sidebar before the abstract beside it, where reading the bead top
 * to bottom went back and forth between the two line by line. Blocks outside every bead keep
 * their geometric place (layout/order.ts). Each bead is read once however the threads link
 * them: a ring that never returns to its first bead, or thousands of threads sharing one, ends
 * as soon as it comes back to a bead already read.
 */
export function threadOrder(
  file: PdfFile,
  page: mupdf.PDFPage,
  frame: PageFrame,
  blocks: readonly Block[]
): number[] | null {
  const threads = file.pdf.getTrailer().get('Root').get('Threads')
  if (!threads.isArray() || threads.length === 0) return null
  const pageRef = page.getObject().asIndirect()
  const toDevice = page.getTransform() as unknown as Matrix
  const order: number[] = []
  const seen = new Set<number>()
  const read = new Set<number>()
  for (let t = 0; t < threads.length; t++) {
    let bead = threads.get(t).get('F')
    // Beads are indirect objects (the spec's /N and /V links need them to be); a direct one
    // cannot link back to itself, so only indirect ones are remembered.
    while (bead.isDictionary()) {
      const num = bead.asIndirect()
      if (num !== 0) {
        if (read.has(num)) break
        read.add(num)
      }
      const rect = bead.get('R')
      if (bead.get('P').asIndirect() === pageRef && rect.isArray() && rect.length === 4) {
        const user: BBox = [0, 1, 2, 3].map((i) => rect.get(i).asNumber()) as unknown as BBox
        const box = transformRect(frame.toPage, transformRect(toDevice, user))
        const inside = blocks.filter((b) => !seen.has(b.id) && contains(box, b.bbox))
        for (const b of inside) {
          seen.add(b.id)
          order.push(b.id)
        }
      }
      bead = bead.get('N')
    }
  }
  return order.length > 0 ? order : null
}

function contains(box: BBox, inner: BBox): boolean {
  const cx = (inner[0] + inner[2]) / 2
  const cy = (inner[1] + inner[3]) / 2
  return cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3]
}
