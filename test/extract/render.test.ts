import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { mupdf } from '../../src-main/extract/mupdf.js'
import { PageRenderer } from '../../src-main/extract/render.js'
import { corpusPdf } from '../helpers/corpus.js'

const renderer = new PageRenderer()
afterAll(() => renderer.close())

function pixels(png: Uint8Array): Buffer {
  return Buffer.from(new mupdf.Image(png).toPixmap().getPixels())
}

describe('PageRenderer', () => {
  it('gives the review screen the pixels MuPDF draws, as its own PNG writer would', async () => {
    const file = corpusPdf('olmocr__edgar-rotated90.pdf')
    const image = await renderer.render(file, 1, 2)
    const doc = mupdf.Document.openDocument(readFileSync(file), 'application/pdf')
    const drawn = doc
      .loadPage(0)
      .toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false, true)
    expect([image.width, image.height]).toEqual([drawn.getWidth(), drawn.getHeight()])
    expect(pixels(image.png).equals(pixels(drawn.asPNG()))).toBe(true)
  })
})
