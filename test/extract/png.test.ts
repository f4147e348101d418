import { readFileSync } from 'node:fs'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { encodePng } from '../../src-main/extract/png.js'
import { corpusPdf } from '../helpers/corpus.js'

// A corpus page drawn as the review screen draws it.
function drawn(name: string, pageNo: number, scale: number): mupdf.Pixmap {
  const doc = mupdf.Document.openDocument(readFileSync(corpusPdf(name)), 'application/pdf')
  const page = doc.loadPage(pageNo - 1)
  return page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true)
}

function encoded(pixmap: mupdf.Pixmap): Buffer {
  return encodePng({
    samples: pixmap.getPixels(),
    width: pixmap.getWidth(),
    height: pixmap.getHeight(),
    dpi: pixmap.getXResolution()
  })
}

function chunks(png: Buffer): { type: string; data: Buffer; crc: number }[] {
  const found = []
  for (let at = 8; at < png.byteLength;) {
    const length = png.readUInt32BE(at)
    const type = png.toString('latin1', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + length)
    found.push({ type, data, crc: png.readUInt32BE(at + 8 + length) })
    at += 12 + length
  }
  return found
}

describe('encodePng', () => {
  it('decodes to exactly the pixels it was given', () => {
    const pixmap = drawn('pdfjs__tracemonkey.pdf', 1, 1.5)
    const image = new mupdf.Image(encoded(pixmap))
    const decoded = image.toPixmap()
    expect([decoded.getWidth(), decoded.getHeight()]).toEqual([918, 1188])
    expect(decoded.getNumberOfComponents()).toBe(3)
    expect(Buffer.from(decoded.getPixels()).equals(Buffer.from(pixmap.getPixels()))).toBe(true)
  })

  it('writes the chunks a browser reads, each with its checksum, and the resolution', () => {
    const pixmap = drawn('pymupdf__chinese-tables.pdf', 1, 0.5)
    const png = encoded(pixmap)
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    const found = chunks(png)
    expect(found.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND'])
    for (const { type, data, crc } of found) {
      expect(crc, type).toBe(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])))
    }
    const header = found[0]!.data
    expect([header.readUInt32BE(0), header.readUInt32BE(4)]).toEqual([
      pixmap.getWidth(),
      pixmap.getHeight()
    ])
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0])
    // 96 dpi, MuPDF's resolution for a drawn page, in pixels per metre.
    expect(found[1]!.data.toString('hex')).toBe('00000ec400000ec401')
  })

  it('refuses samples that are not the image it is told of', () => {
    const samples = new Uint8Array(3 * 4 * 5)
    expect(() => encodePng({ samples, width: 4, height: 6, dpi: 72 })).toThrow(
      '60 bytes are not 4 × 6 RGB pixels'
    )
  })
})
