import { readFile } from 'node:fs/promises'
import { mupdf } from '../extract/mupdf.js'
import { rotationOf } from '../extract/rotation.js'
import type { BBox } from '../shared/layout.js'
import type { Turn } from '../shared/page.js'
import type { OcrBackend } from './backend.js'
import type { PageOcr } from './ocr-layout.js'
import { renderRegion } from './region-image.js'
import { placeWords, shownBox, type PageFrame, type PageWord } from './page-words.js'

export type OcrRequest = Readonly<{
  file: string
  pageNo: number
  /** Boxes of the unrotated page to read, in points; null reads the whole page. */
  regions: readonly BBox[] | null
  languages: readonly string[]
  dpi: number
  /** Degrees clockwise the page is turned (beyond its /Rotate) before it is read. */
  turn?: Turn
}>

/**
 * Renders the page (or each region) at the request's dpi and recognises it, the words placed in
 * the layout's space. Regions are read one by one, in the order given, so each keeps its lines.
 */
export async function recognizePage(backend: OcrBackend, request: OcrRequest): Promise<PageOcr> {
  const doc = mupdf.Document.openDocument(await readFile(request.file), 'application/pdf')
  try {
    if (doc.needsPassword()) doc.authenticatePassword('')
    if (request.pageNo < 1 || request.pageNo > doc.countPages()) {
      throw new RangeError(`${request.file}: no page ${request.pageNo}`)
    }
    const page = doc.loadPage(request.pageNo - 1)
    try {
      const [bx0, by0, bx1, by1] = page.getBounds()
      const rotation = page instanceof mupdf.PDFPage ? rotationOf(page) : 0
      const turn = request.turn ?? 0
      const turned = rotation === 90 || rotation === 270
      // A reviewer's turn is one more rotation of the shown page: the words come back through it.
      const frame: PageFrame = {
        width: turned ? by1 - by0 : bx1 - bx0,
        height: turned ? bx1 - bx0 : by1 - by0,
        rotation: (rotation + turn) % 360
      }
      const across = turn === 90 || turn === 270
      const [shownWidth, shownHeight] = [bx1 - bx0, by1 - by0]
      const whole: BBox =
        turn === 0
          ? [bx0, by0, bx1, by1]
          : across
            ? [0, 0, shownHeight, shownWidth]
            : [0, 0, shownWidth, shownHeight]
      const shown: BBox[] = request.regions
        ? request.regions.map((region) => shownBox(region, frame))
        : [whole]
      const scale = request.dpi / 72
      const turning = turnMatrix(turn, bx0, by0, shownWidth, shownHeight)
      const words: PageWord[] = []
      for (const box of shown) {
        const image = renderRegion(page, box, scale, turning)
        const found = await backend.recognize(image.png, {
          languages: request.languages,
          dpi: request.dpi
        })
        const numbered = {
          paragraphs: words.reduce((n, w) => Math.max(n, w.paragraph + 1), 0),
          lines: words.reduce((n, w) => Math.max(n, w.line + 1), 0)
        }
        words.push(...placeWords(found, image.origin, scale, frame, numbered))
      }
      return {
        backend: backend.name,
        dpi: request.dpi,
        scope: request.regions ? 'regions' : 'page',
        words
      }
    } finally {
      page.destroy()
    }
  } finally {
    doc.destroy()
  }
}

/**
 * The shown page (its bounds from (x0, y0), `width` by `height`) turned clockwise by `turn` and
 * moved back to start at the origin, as shownBox places a turned page's boxes.
 */
function turnMatrix(
  turn: Turn,
  x0: number,
  y0: number,
  width: number,
  height: number
): mupdf.Matrix {
  const home = mupdf.Matrix.translate(-x0, -y0)
  if (turn === 90) return mupdf.Matrix.concat(home, [0, 1, -1, 0, height, 0])
  if (turn === 180) return mupdf.Matrix.concat(home, [-1, 0, 0, -1, width, height])
  if (turn === 270) return mupdf.Matrix.concat(home, [0, -1, 1, 0, 0, width])
  return mupdf.Matrix.identity
}
