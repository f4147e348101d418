/**
 * What each page is sent with unless the config says otherwise. Markdown carries the structure
 * Recto keeps (headings by level, list items, paragraphs); one printed line to a line lets the
 * answer be laid over OCR's line boxes (align-lines.ts), so the review screen can still show
 * where each line stands on the image.
 */
export const DEFAULT_PROMPT = [
  'Transcribe all the text on this page image, in the order a person reads it.',
  'Write Markdown: "#" headings by level, "- " or "1. " for list items, tables as Markdown tables,',
  'and a blank line between paragraphs. Keep each printed line on a line of its own, and copy',
  'the words exactly as written, including spelling mistakes and hyphens at line ends.',
  'Leave out running headers and page numbers only if they are not on the page. Write nothing',
  'but the transcription.'
].join(' ')
