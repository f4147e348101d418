import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { PASSWORD_NEEDED } from '../shared/password-needed.js'
import { ExtractError } from './errors.js'
import { mupdf } from './mupdf.js'
import { unlock } from './open.js'
import { encodePng } from './png.js'

/**
 * A page image and what it is an image of: the SHA-256 of the file's bytes it was rendered from,
 * the page and the scale asked for. A screen that draws it checks these against the page it shows.
 */
export type RenderedPage = Readonly<{
  png: Uint8Array
  width: number
  height: number
  sha256: string
  pageNo: number
  scale: number
}>

type OpenDocument = Readonly<{ doc: mupdf.Document; sha256: string }>

/** About a 5000 × 5000 image: beyond it a rendering costs seconds and helps nobody see more. */
const MAX_PIXELS = 25_000_000
/** Recent images kept for going back and forth between pages (a scan can take seconds). */
const CACHE_BYTES = 64 * 1024 * 1024

/**
 * Renders pages for the review screen. Documents stay open between calls (a reviewer moves
 * through neighbouring pages of the same file), a few at a time, least recently used first out.
 */
export class PageRenderer {
  readonly #open = new Map<string, OpenDocument>()
  readonly #capacity: number
  readonly #recent = new Map<string, RenderedPage>()
  #recentBytes = 0

  constructor(capacity = 4) {
    this.#capacity = capacity
  }

  /**
   * `scale` is pixels per PDF point, lowered when the image would exceed MAX_PIXELS; the page's
   * /Rotate is applied, as a viewer shows it. An encrypted file opens with the empty password or
   * one of `passwords`.
   */
  async render(
    file: string,
    pageNo: number,
    scale: number,
    passwords: readonly string[] = []
  ): Promise<RenderedPage> {
    const key = `${scale}|${pageNo}|${file}`
    const cached = this.#recent.get(key)
    if (cached) {
      this.#recent.delete(key)
      this.#recent.set(key, cached)
      return cached
    }
    const rendered = await this.#render(file, pageNo, scale, passwords)
    this.#recent.set(key, rendered)
    this.#recentBytes += rendered.png.byteLength
    for (const [oldest, image] of this.#recent) {
      if (this.#recentBytes <= CACHE_BYTES) break
      this.#recent.delete(oldest)
      this.#recentBytes -= image.png.byteLength
    }
    return rendered
  }

  async #render(
    file: string,
    pageNo: number,
    scale: number,
    passwords: readonly string[]
  ): Promise<RenderedPage> {
    const { doc, sha256 } = await this.#document(file, passwords)
    if (pageNo < 1 || pageNo > doc.countPages()) {
      throw new RangeError(`${file}: no page ${pageNo}`)
    }
    const page = doc.loadPage(pageNo - 1)
    try {
      const [x0, y0, x1, y1] = page.getBounds()
      const area = Math.max(1, (x1 - x0) * (y1 - y0))
      // A little under the bound: MuPDF rounds the pixel size up.
      const fitted = Math.min(scale, 0.999 * Math.sqrt(MAX_PIXELS / area))
      const pixmap = page.toPixmap(
        mupdf.Matrix.scale(fitted, fitted),
        mupdf.ColorSpace.DeviceRGB,
        false,
        true
      )
      try {
        const width = pixmap.getWidth()
        const height = pixmap.getHeight()
        const png = encodePng({
          samples: pixmap.getPixels(),
          width,
          height,
          dpi: pixmap.getXResolution()
        })
        return { png, width, height, sha256, pageNo, scale }
      } finally {
        pixmap.destroy()
      }
    } finally {
      page.destroy()
    }
  }

  close(): void {
    for (const { doc } of this.#open.values()) doc.destroy()
    this.#open.clear()
    this.#recent.clear()
    this.#recentBytes = 0
  }

  async #document(file: string, passwords: readonly string[]): Promise<OpenDocument> {
    const cached = this.#open.get(file)
    if (cached) {
      this.#open.delete(file)
      this.#open.set(file, cached)
      return cached
    }
    const bytes = await readFile(file)
    // The bytes rendered, not the path: a path may since hold another file than was ingested.
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf')
    // Viewers try the empty password; a file that needs another was ingested with one given
    // this session, or a restart forgot it and the reviewer is asked again.
    if (!unlock(doc, passwords)) {
      doc.destroy()
      throw new ExtractError(PASSWORD_NEEDED)
    }
    const opened = { doc, sha256 }
    this.#open.set(file, opened)
    if (this.#open.size > this.#capacity) {
      const [oldest] = this.#open.keys()
      if (oldest !== undefined) {
        this.#open.get(oldest)?.doc.destroy()
        this.#open.delete(oldest)
      }
    }
    return opened
  }
}
