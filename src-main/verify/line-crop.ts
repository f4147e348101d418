import type { SampleLine } from './sample-lines.js'

/** A sampled line drawn as OCR reads it: a grey PNG and its resolution. */
export type LineCrop = Readonly<{ png: Uint8Array; dpi: number }>

/**
 * What names a sampled line among a document's: its page, box and size fix the crop, and its
 * text what the crop is compared with.
 */
export function lineKey(line: SampleLine): string {
  return JSON.stringify([line.page, line.bbox, line.size, line.text])
}

/** Where verification takes its lines' crops from: drawn ahead (by an ingest worker) or now. */
export type LineCrops = (line: SampleLine) => Promise<LineCrop>
