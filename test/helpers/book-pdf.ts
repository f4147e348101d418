import { column, drawnPdf, type DrawnPage } from './drawn-pdf.js'
import { PROSE } from './prose.js'

const TEXTS = Object.values(PROSE)

/**
 * A book of `count` pages of justified prose, each page its own mix of the paragraphs and
 * numbered at its foot: a long file an ingest takes many pages to read, made in a few
 * milliseconds.
 */
export function bookPdf(count: number): Uint8Array {
  const pages: DrawnPage[] = []
  for (let n = 1; n <= count; n++) {
    const text = [...TEXTS.slice(n % TEXTS.length), ...TEXTS.slice(0, n % TEXTS.length)].join(' ')
    pages.push({ runs: [...column(text, 72, 720, 468), { x: 300, y: 40, text: String(n) }] })
  }
  return drawnPdf(pages)
}
