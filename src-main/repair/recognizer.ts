/**
 * Reads the text of one line image. Font-map repair needs only the characters of a cropped line,
 * in order: which engine reads them is the OCR backend's business.
 */
export type LineRecognizer = Readonly<{
  readLine(png: Uint8Array): Promise<string>
  close(): Promise<void>
}>
