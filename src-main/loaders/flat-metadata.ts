import type { ChunkRecord } from '../export/chunk-record.js'

/**
 * Metadata every vector store takes: strings, numbers and booleans only. Chroma and Pinecone
 * refuse lists of objects (and Chroma nulls and lists of any kind), so a chunk's pages become
 * its first and last page, its boxes one JSON string, its lists comma- or `>`-joined strings;
 * a value that is null is left out.
 */
export type FlatMetadata = Record<string, string | number | boolean>

const DECISIONS = ['ok', 'review', 'ocr'] as const

/** A chunk record as flat metadata; `path` is the source PDF's full path. */
export function flatChunkMetadata(record: Omit<ChunkRecord, 'text'>, path: string): FlatMetadata {
  const worst = record.pages
    .map((p) => DECISIONS.indexOf(p.decision))
    .reduce((a, b) => Math.max(a, b), 0)
  return {
    id: record.id,
    source: path,
    file_name: record.source,
    sha256: record.sha256,
    index: record.index,
    heading_path: record.heading_path.join(' > '),
    page: record.pages[0]!.page,
    last_page: record.pages.at(-1)!.page,
    boxes: JSON.stringify(record.pages.map((p) => ({ page: p.page, bbox: p.bbox }))),
    decision: DECISIONS[worst]!,
    flags: [...new Set(record.pages.flatMap((p) => p.flags))].join(','),
    roles: record.roles.join(','),
    reviewed: record.reviewed,
    trust: record.trust
  }
}

/** Any metadata made flat: lists of strings or numbers joined by commas, other lists and objects as JSON, nulls left out. */
export function flatten(metadata: Readonly<Record<string, unknown>>): FlatMetadata {
  const out: FlatMetadata = {}
  for (const [key, value] of Object.entries(metadata)) {
    if (value === null || value === undefined) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out[key] = value
    } else if (
      Array.isArray(value) &&
      value.every((v) => typeof v === 'string') &&
      key !== 'bbox'
    ) {
      out[key] = value.join(',')
    } else out[key] = JSON.stringify(value)
  }
  return out
}
