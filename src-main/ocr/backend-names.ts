/**
 * The OCR backends by the names the options take, apart from the backends themselves: the CLI
 * checks `--ocr-backend` without loading tesseract.js and the OCR cascade (backends.ts).
 */
export const BACKEND_NAMES = ['tesseract', 'tesseract.js'] as const
export type BackendName = (typeof BACKEND_NAMES)[number]
