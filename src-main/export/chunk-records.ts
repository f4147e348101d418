import { createHash } from 'node:crypto'
import type { ChunkPage, ChunkRecord, ChunkTrust } from './chunk-record.js'
import type { ChunkPiece } from './chunk-units.js'
import type { DraftChunk } from './chunker.js'

/**
 * The same for the same text at the same place on every machine: the chunk's place in its
 * document (its index and first page) and its text. The file's bytes do not enter it, so a PDF
 * saved again by another program with the same text keeps its ids and a vector store does not
 * churn; nothing of the run (time, path, worker count, project ids) enters it either. Two files
 * with the same text at the same place give one id: the same passage, stored once.
 */
export function chunkId(index: number, firstPage: number, text: string): string {
  return createHash('sha256').update(`${index}\n${firstPage}\n${text}`).digest('hex').slice(0, 32)
}

const round = (n: number): number => Math.round(n * 100) / 100

/** The union of the pieces' boxes, clipped to the page (a glyph may be drawn past its edge). */
function pageBox(pieces: readonly ChunkPiece[]): [number, number, number, number] {
  const { width, height } = pieces[0]!.page
  const clip = (v: number, max: number): number => round(Math.min(Math.max(v, 0), max))
  return [
    clip(Math.min(...pieces.map((p) => p.bbox[0])), width),
    clip(Math.min(...pieces.map((p) => p.bbox[1])), height),
    clip(Math.max(...pieces.map((p) => p.bbox[2])), width),
    clip(Math.max(...pieces.map((p) => p.bbox[3])), height)
  ]
}

const REVIEWED = new Set(['approved', 'corrected'])
const TRUST_ORDER: readonly ChunkTrust[] = ['reviewed', 'ok', 'unreviewed_review', 'unreviewed_ocr']

function pageTrust(page: ChunkPage): ChunkTrust {
  if (REVIEWED.has(page.status)) return 'reviewed'
  if (page.decision === 'ok') return 'ok'
  return page.decision === 'review' ? 'unreviewed_review' : 'unreviewed_ocr'
}

/** A chunk as written: its pages with one box each, and how far its text can be trusted. */
export function chunkRecord(
  document: Readonly<{ name: string; sha256: string }>,
  draft: DraftChunk
): ChunkRecord {
  const byPage = new Map<number, ChunkPiece[]>()
  for (const piece of draft.pieces) {
    const list = byPage.get(piece.page.page) ?? []
    list.push(piece)
    byPage.set(piece.page.page, list)
  }
  const pages: ChunkPage[] = [...byPage.values()].map((pieces) => {
    const { page, decision, flags, status, revision } = pieces[0]!.page
    return { page, bbox: pageBox(pieces), decision, flags: [...flags], status, revision }
  })
  const trust = pages
    .map(pageTrust)
    .reduce((worst, t) => (TRUST_ORDER.indexOf(t) > TRUST_ORDER.indexOf(worst) ? t : worst))
  return {
    id: chunkId(draft.index, pages[0]!.page, draft.text),
    source: document.name,
    sha256: document.sha256,
    index: draft.index,
    text: draft.text,
    heading_path: [...draft.headingPath],
    pages,
    roles: [...draft.roles],
    reviewed: pages.every((p) => REVIEWED.has(p.status)),
    trust
  }
}
