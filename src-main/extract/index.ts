export { ExtractError } from './errors.js'
export { closePdf, openPdf, type PdfFile } from './open.js'
export { extractPage } from './page.js'
export { rawText } from './raw-text.js'
