import { deflateSync, inflateSync } from 'node:zlib'
import type { PageLayout, Span } from '../shared/layout.js'
import { EdgeReader, EdgeWriter } from './char-edges.js'
import { messageOf } from '../shared/error-message.js'
import { storedText } from './stored-text.js'

/** A stored layout that cannot be read back: its bytes are damaged. */
export class StoredLayoutError extends Error {
  override name = 'StoredLayoutError'
}

/**
 * The first byte of a layout stored in this format. Layouts stored before it are zlib streams of
 * the layout's JSON, whose first byte always has 8 (deflate) in its low four bits.
 */
const FORMAT = 2

/**
 * Layouts are the bulk of a project file, and most of a layout is its per-character x edges: as
 * JSON numbers ("123.45") they were three quarters of its bytes and of the time spent writing
 * and reading it. A stored layout is the byte FORMAT, then a zlib stream (level 1) of:
 * the length in bytes of the JSON as a varint, the layout's JSON with each span's `charX`
 * replaced by the number of its edges, then every such span's edges in page order, each in
 * hundredths of a point as a zigzag varint of its difference from the edge before it. Spans with
 * an edge that is not a whole number of hundredths (none from MuPDF, which rounds them) keep
 * their `charX` in the JSON. On a page of text, a third of the size of the compressed JSON
 * alone, written in 40 to 65% of its time and read in half; README.md has a reader in Python.
 */
export function encodeLayout(layout: PageLayout): Buffer {
  const edges = new EdgeWriter()
  const blocks = layout.blocks.map((block) => ({
    ...block,
    lines: block.lines.map((line) => ({
      ...line,
      spans: line.spans.map((span) => {
        const text = storedText(span.text)
        const stored = text === span.text ? span : { ...span, text }
        return edges.add(span.charX) ? { ...stored, charX: span.charX.length } : stored
      })
    }))
  }))
  const json = JSON.stringify({ ...layout, blocks })
  const jsonBytes = Buffer.byteLength(json, 'utf8')
  const head = new EdgeWriter()
  head.varint(jsonBytes)
  // Written into one buffer sized beforehand: Buffer.from of a JSON with a character past
  // Latin-1 (four pages in five of the corpus) cost three times as much as this write, and the
  // parts were then copied once more to be joined.
  const headBytes = head.bytes()
  const edgeBytes = edges.bytes()
  const payload = Buffer.allocUnsafe(headBytes.length + jsonBytes + edgeBytes.length)
  payload.set(headBytes, 0)
  payload.write(json, headBytes.length, 'utf8')
  payload.set(edgeBytes, headBytes.length + jsonBytes)
  const stream = deflateSync(payload, { level: 1 })
  return Buffer.concat([Buffer.of(FORMAT), stream])
}

type StoredLayout = Omit<PageLayout, 'overdraw' | 'coveredChars' | 'damage'> &
  Partial<Pick<PageLayout, 'overdraw' | 'coveredChars' | 'damage'>>

type StoredSpan = Omit<Span, 'charX'> & { charX: readonly number[] | number }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Calls `onSpan` for every span of a parsed layout, checking on the way what decoding walks:
 * blocks of lines of spans. Anything else is a damaged layout, said as such, never a TypeError
 * from deep inside a reader of the layout.
 */
function eachSpan(layout: unknown, onSpan: (span: StoredSpan) => void): StoredLayout {
  if (!isObject(layout) || !Array.isArray(layout['blocks'])) throw damaged('no blocks')
  for (const block of layout['blocks'] as unknown[]) {
    if (!isObject(block) || !Array.isArray(block['lines'])) throw damaged('a block without lines')
    for (const line of block['lines'] as unknown[]) {
      if (!isObject(line) || !Array.isArray(line['spans'])) throw damaged('a line without spans')
      for (const span of line['spans'] as unknown[]) {
        if (!isObject(span)) throw damaged('a span that is not an object')
        onSpan(span as StoredSpan)
      }
    }
  }
  return layout as unknown as StoredLayout
}

function damaged(reason: string, cause?: unknown): StoredLayoutError {
  return new StoredLayoutError(`stored layout is damaged (${reason})`, { cause })
}

function readStored(blob: Uint8Array): StoredLayout {
  if (blob[0] !== FORMAT) return eachSpan(JSON.parse(inflateSync(blob).toString('utf8')), () => {})
  const payload = inflateSync(blob.subarray(1))
  const reader = new EdgeReader(payload)
  const length = reader.varint()
  const start = reader.offset
  const json: unknown = JSON.parse(payload.toString('utf8', start, start + length))
  reader.offset = start + length
  const layout = eachSpan(json, (span) => {
    if (typeof span.charX !== 'number') return
    if (!Number.isSafeInteger(span.charX) || span.charX < 0) throw damaged('an edge count')
    span.charX = reader.edges(span.charX)
  })
  reader.finish()
  return layout
}

/**
 * A stored layout as the engine wrote it. Bytes that are not one (a damaged page row: its zlib
 * stream, JSON, shape or edges) throw StoredLayoutError, whose message says so in one line.
 */
export function decodeLayout(blob: Uint8Array): PageLayout {
  let layout: StoredLayout
  try {
    layout = readStored(blob)
  } catch (error) {
    if (error instanceof StoredLayoutError) throw error
    const message = messageOf(error)
    throw damaged(message.split('\n')[0]!.slice(0, 120), error)
  }
  // Layouts stored before overdrawn glyphs and covered characters were counted: nothing was.
  // Before damaged pages were kept, a damaged page failed its whole document: none is stored.
  return {
    ...layout,
    overdraw: layout.overdraw ?? null,
    coveredChars: layout.coveredChars ?? 0,
    damage: layout.damage ?? null
  }
}
