import type { OcrBackend, OcrLayout } from '../ocr/backend.js'

/**
 * Reads the text of one line image. Font-map repair needs only the characters of a cropped line,
 * in order: which engine reads them is the OCR backend's business.
 */
export type LineRecognizer = Readonly<{
  readLine(png: Uint8Array, dpi: number): Promise<string>
  /** Starts the engine before the first line (OcrBackend.start). */
  start?(): Promise<void>
  close(): Promise<void>
}>

/**
 * An OCR backend reading line crops: the words it finds, in its order, joined by spaces. With
 * `layout` 'line' each crop is taken as one line of text, which skips the engine's search for
 * lines and blocks.
 */
export function backendLines(
  backend: OcrBackend,
  languages: readonly string[] = ['eng'],
  layout: OcrLayout = 'auto'
): LineRecognizer {
  return {
    async readLine(png, dpi) {
      const words = await backend.recognize(png, { languages, dpi, layout })
      return words.map((word) => word.text).join(' ')
    },
    start: async () => {
      await backend.start?.(languages)
    },
    close: () => backend.close()
  }
}
