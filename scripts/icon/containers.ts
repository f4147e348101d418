/**
 * The icon containers electron-builder packs, written from PNG images: Windows' .ico (PNG
 * entries, which Windows reads since Vista) and macOS' .icns (PNG chunks). No image tool is
 * needed: both are a header and a directory in front of the PNGs' bytes.
 */

/** A PNG's width and height, from its IHDR chunk. */
export function pngSize(png: Uint8Array): [number, number] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  return [view.getUint32(16), view.getUint32(20)]
}

/** .ico: ICONDIR, one 16-byte ICONDIRENTRY per image (256 is written 0), then the PNGs. */
export function icoFile(pngs: readonly Uint8Array[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(pngs.length, 4)
  let offset = header.length
  pngs.forEach((png, i) => {
    const [width, height] = pngSize(png)
    const entry = 6 + 16 * i
    header.writeUInt8(width >= 256 ? 0 : width, entry)
    header.writeUInt8(height >= 256 ? 0 : height, entry + 1)
    header.writeUInt8(0, entry + 2)
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...pngs])
}

/** The .icns chunk type that holds a PNG of each width. */
export const ICNS_TYPES: Readonly<Record<number, string>> = {
  16: 'icp4',
  32: 'icp5',
  64: 'icp6',
  128: 'ic07',
  256: 'ic08',
  512: 'ic09',
  1024: 'ic10'
}

/** .icns: 'icns' and the file's length, then per image its type, its chunk's length and the PNG. */
export function icnsFile(pngs: readonly Uint8Array[]): Buffer {
  const chunks = pngs.map((png) => {
    const [width] = pngSize(png)
    const type = ICNS_TYPES[width]
    if (type === undefined) throw new Error(`.icns has no PNG chunk of ${width} pixels`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'latin1')
    head.writeUInt32BE(8 + png.length, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'latin1')
  head.writeUInt32BE(8 + chunks.reduce((n, c) => n + c.length, 0), 4)
  return Buffer.concat([head, ...chunks])
}
