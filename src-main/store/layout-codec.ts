import { deflateSync, inflateSync } from 'node:zlib'
import type { PageLayout } from '../shared/layout.js'

/**
 * Layouts are the bulk of a project file (per-character edges on every line), so they are stored
 * as zlib-compressed JSON: about a quarter of the size, and still readable from any language
 * (Python: `json.loads(zlib.decompress(blob))`). Level 1 costs a fraction of a millisecond per
 * page and keeps most of the saving. Workers encode, so the main thread only writes bytes.
 */
export function encodeLayout(layout: PageLayout): Buffer {
  return deflateSync(layoutJson(layout), { level: 1 })
}

/**
 * `JSON.stringify(layout)` as UTF-8, byte for byte, written a block at a time: made whole, a
 * page's JSON (60 KB on average, and two bytes a character as soon as one “ or ﬁ is in it) is a
 * string for V8's large-object space, whose allocating and flattening cost about as much as the
 * deflate. A block's JSON is most often small enough for the young generation and Buffer's pool.
 */
function layoutJson(layout: PageLayout): Buffer {
  const parts: Buffer[] = []
  let separator = '{'
  for (const [key, value] of Object.entries(layout)) {
    // Skipped as JSON.stringify skips it.
    if (value === undefined) continue
    const name = `${separator}${JSON.stringify(key)}:`
    separator = ','
    if (key !== 'blocks') {
      parts.push(Buffer.from(name + JSON.stringify(value)))
      continue
    }
    parts.push(Buffer.from(`${name}[`))
    layout.blocks.forEach((block, i) => {
      parts.push(Buffer.from((i === 0 ? '' : ',') + JSON.stringify(block)))
    })
    parts.push(Buffer.from(']'))
  }
  parts.push(Buffer.from(separator === '{' ? '{}' : '}'))
  return Buffer.concat(parts)
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
