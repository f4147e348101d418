import { deflateSync, inflateSync } from 'node:zlib'
import type { PageLayout } from '../shared/layout.js'

/**
 * Layouts are the bulk of a project file (per-character edges on every line), so they are stored
 * as zlib-compressed JSON: about a quarter of the size, and still readable from any language
 * (Python: `json.loads(zlib.decompress(blob))`). Level 1 costs a fraction of a millisecond per
 * page and keeps most of the saving. Workers encode, so the main thread only writes bytes.
 */
export function encodeLayout(layout: PageLayout): Buffer {
  return deflateSync(JSON.stringify(layout), { level: 1 })
}

type StoredLayout = Omit<PageLayout, 'overdraw' | 'coveredChars' | 'damage'> &
  Partial<Pick<PageLayout, 'overdraw' | 'coveredChars' | 'damage'>>

export function decodeLayout(blob: Uint8Array): PageLayout {
  const layout = JSON.parse(inflateSync(blob).toString('utf8')) as StoredLayout
  // Layouts stored before overdrawn glyphs and covered characters were counted: nothing was.
  // Before damaged pages were kept, a damaged page failed its whole document: none is stored.
  return {
    ...layout,
    overdraw: layout.overdraw ?? null,
    coveredChars: layout.coveredChars ?? 0,
    damage: layout.damage ?? null
  }
}
