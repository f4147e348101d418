import { crc32, deflateSync } from 'node:zlib'

/** An 8-bit RGB image without alpha, row after row, as a MuPDF pixmap holds it. */
export type RgbPixels = Readonly<{
  samples: Uint8Array | Uint8ClampedArray
  width: number
  height: number
  /** Pixels per inch, written to the pHYs chunk as MuPDF's own PNG writer does. */
  dpi: number
}>

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const BIT_DEPTH = 8
const COLOUR_RGB = 2
const FILTER_NONE = 0
const INCHES_PER_METRE = 100 / 2.54

/**
 * The image as a PNG, lossless: a decoder gets back exactly these samples. MuPDF's `asPNG` does
 * the same with the Sub filter and zlib's default level inside the WASM module, which took three
 * quarters of a page image's time (about 50 ms CPU a page at scale 2 over the corpus). Node's
 * native zlib at level 1 on unfiltered rows takes about a fifth of that; the files come out a
 * quarter larger, which costs far less to pass to the screen than the encoding saved. (Row
 * filters computed in JavaScript cost more than they saved: rendered pages are mostly flat
 * runs of white that deflate finds without them.)
 */
export function encodePng({ samples, width, height, dpi }: RgbPixels): Buffer {
  const row = width * 3
  if (samples.byteLength !== row * height) {
    throw new RangeError(`${samples.byteLength} bytes are not ${width} × ${height} RGB pixels`)
  }
  const raw = Buffer.allocUnsafe((row + 1) * height)
  for (let y = 0; y < height; y++) {
    const at = y * (row + 1)
    raw[at] = FILTER_NONE
    raw.set(samples.subarray(y * row, (y + 1) * row), at + 1)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = BIT_DEPTH
  header[9] = COLOUR_RGB
  const density = Buffer.alloc(9)
  const perMetre = Math.round(dpi * INCHES_PER_METRE)
  density.writeUInt32BE(perMetre, 0)
  density.writeUInt32BE(perMetre, 4)
  density[8] = 1 // the unit is the metre
  return Buffer.concat([
    Buffer.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('pHYs', density),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0))
  ])
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.byteLength)
  out.writeUInt32BE(data.byteLength, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.byteLength)), 8 + data.byteLength)
  return out
}
