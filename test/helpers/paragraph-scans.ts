import { writeStyledScan } from './layered-scan.js'
import { ENGLISH, JAPANESE } from './ocr-samples.js'
import { writeScannedParagraphs } from './scanned-text.js'

/**
 * A notice whose heading is centred close over its text, in Helvetica-Bold at `size` points over
 * 11-point text, scanned: Tesseract reads the heading into the paragraph under it.
 */
export function writeNoticeScan(dir: string, size: number): string {
  return writeStyledScan(dir, `notice-${size}.pdf`, [
    [
      { text: 'Maintenance Notice', x: 240, y: 100, size, bold: true },
      ...ENGLISH.lines.map((text, i) => ({ text, x: 56, y: 100 + size + 3 + i * 14, size: 11 }))
    ]
  ])
}

/**
 * Two paragraphs of Japanese, each opening with a full-width space and no gap between them,
 * scanned: Tesseract reads them as one paragraph.
 */
export function writeJapaneseParagraphsScan(dir: string): string {
  return writeScannedParagraphs(
    dir,
    'japanese-paragraphs.pdf',
    [
      { lines: ['\u3000' + JAPANESE.lines[0], JAPANESE.lines[1]!], size: 16 },
      { lines: ['\u3000' + JAPANESE.lines[2], ...JAPANESE.lines.slice(3)], size: 16 }
    ],
    'ja',
    0
  )
}
