import { readFile } from 'node:fs/promises'
import { ExtractError } from '../extract/errors.js'
import { mupdf } from '../extract/mupdf.js'
import { unlock } from '../extract/open.js'
import { rotationOf } from '../extract/rotation.js'
import type { BBox, OcrStandIn } from '../shared/layout.js'
import { PASSWORD_NEEDED } from '../shared/password-needed.js'
import type { Turn } from '../shared/page.js'
import type { OcrBackend, OcrWord } from './backend.js'
import { fullWidthMarks } from './cjk-punctuation.js'
import { monotonicGreek } from './greek-monotonic.js'
import type { PageOcr } from './ocr-layout.js'
import { languageOfTag } from '../language/languages.js'
import { readUpright } from './read-upright.js'
import { modelsFor } from './stand-in.js'
import { renderRegion } from './region-image.js'
import { placeWords, shownBox, type PageFrame, type PageWord } from './page-words.js'

export type OcrRequest = Readonly<{
  file: string
  pageNo: number
  /** Boxes of the unrotated page to read, in points; null reads the whole page. */
  regions: readonly BBox[] | null
  /** Tesseract languages to read with; null finds the page's (read-upright.ts). */
  languages: readonly string[] | null
  /** The language the page's own text layer is in, when it has enough real text to tell. */
  hint: string | null
  dpi: number
  /** A reviewer's turn (degrees clockwise, beyond /Rotate) to read the whole page at. */
  turn?: Turn
  /** Passwords given this run or session for an encrypted file, tried after the empty one. */
  passwords?: readonly string[]
}>

/**
 * Renders the page (or each region) at the request's dpi and recognises it, the words placed in
 * the layout's space. A whole page is turned upright and read in its language first; regions
 * (pictures of lines among real text) are read as they stand, in the language of the text around
 * them, one by one in the order given, so each keeps its lines.
 */
export async function recognizePage(backend: OcrBackend, request: OcrRequest): Promise<PageOcr> {
  const doc = mupdf.Document.openDocument(await readFile(request.file), 'application/pdf')
  try {
    if (!unlock(doc, request.passwords ?? [])) throw new ExtractError(PASSWORD_NEEDED)
    if (request.pageNo < 1 || request.pageNo > doc.countPages()) {
      throw new RangeError(`${request.file}: no page ${request.pageNo}`)
    }
    const page = doc.loadPage(request.pageNo - 1)
    try {
      const [bx0, by0, bx1, by1] = page.getBounds()
      const rotation = page instanceof mupdf.PDFPage ? rotationOf(page) : 0
      const turned = rotation === 90 || rotation === 270
      const frame: PageFrame = {
        width: turned ? by1 - by0 : bx1 - bx0,
        height: turned ? bx1 - bx0 : by1 - by0,
        rotation
      }
      const scale = request.dpi / 72
      const hint = request.hint ?? catalogLanguage(doc)
      const words: PageWord[] = []
      const standIns: OcrStandIn[] = []
      if (request.regions === null) {
        const render = (turn: number, rows?: readonly [number, number]) =>
          renderRegion(page, [bx0, by0, bx1, by1], scale, turn, rows)
        const options = {
          languages: request.languages,
          hint,
          dpi: request.dpi,
          ...(request.turn === undefined ? {} : { turn: request.turn })
        }
        const read = await readUpright(backend, render, options)
        const upright = asWritten(read.words, read.languages)
        words.push(...placeWords(upright, read.image.toShown, frame, FIRST, read.turn))
        standIns.push(...read.standIns)
      }
      const regionModels =
        request.regions === null ? null : modelsFor(backend, request.languages ?? [hint ?? 'eng'])
      for (const region of request.regions ?? []) {
        const box: BBox = shownBox(region, frame)
        const image = renderRegion(page, box, scale)
        const found = await backend.recognize(image.png, {
          languages: regionModels!.models,
          dpi: request.dpi
        })
        const numbered = {
          paragraphs: words.reduce((n, w) => Math.max(n, w.paragraph + 1), 0),
          lines: words.reduce((n, w) => Math.max(n, w.line + 1), 0)
        }
        const written = asWritten(found, regionModels!.models)
        words.push(...placeWords(written, image.toShown, frame, numbered))
      }
      if (regionModels && request.regions!.length > 0) standIns.push(...regionModels.standIns)
      return {
        backend: backend.name,
        dpi: request.dpi,
        scope: request.regions ? 'regions' : 'page',
        words,
        ...(standIns.length > 0 ? { standIns } : {})
      }
    } finally {
      page.destroy()
    }
  } finally {
    doc.destroy()
  }
}

const FIRST = { paragraphs: 0, lines: 0 }

/**
 * Words as their language writes them: Greek read in today's one-accent spelling
 * (greek-monotonic.ts), Chinese and Japanese with full-width marks (cjk-punctuation.ts).
 */
function asWritten(words: readonly OcrWord[], languages: readonly string[]): readonly OcrWord[] {
  const greek = languages.includes('ell')
    ? words.map((word) => ({ ...word, text: monotonicGreek(word.text) }))
    : words
  const cjk = languages.some((code) => code.startsWith('chi_') || code === 'jpn')
  return cjk ? fullWidthMarks(greek) : greek
}

/** The language the document's catalog declares (/Lang), when OCR knows it. */
export function catalogLanguage(doc: mupdf.Document): string | null {
  const pdf = doc.asPDF()
  const lang = pdf?.getTrailer().get('Root').get('Lang')
  if (!lang?.isString()) return null
  return languageOfTag(lang.asString()) ?? null
}
