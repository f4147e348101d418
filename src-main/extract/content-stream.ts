import { Buffer } from 'node:buffer'
import type { mupdf } from './mupdf.js'

/** A decoded content stream as latin1 text: operators are ASCII, operands may be any byte. */
export function streamText(ref: mupdf.PDFObject): string {
  const stream = ref.readStream()
  try {
    const data = stream.asUint8Array()
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1')
  } finally {
    // The decoded stream lives in MuPDF's heap until dropped; left to the garbage collector it
    // stays there, a page's content and forms at a time, long after the text is taken.
    stream.destroy()
  }
}

/** The text of a page's /Contents, a stream or an array of streams. */
export function contentsText(contents: mupdf.PDFObject): string {
  if (contents.isArray()) {
    const parts: string[] = []
    for (let i = 0; i < contents.length; i++) parts.push(streamText(contents.get(i)))
    return parts.join('\n')
  }
  return contents.isNull() ? '' : streamText(contents)
}

const DO_OPERATOR = /\/([^\s/[\]()<>{}%]+)\s*Do(?![A-Za-z])/g
const TEXT_SHOWING = /(?:^|[\s\])>])T[jJ](?![A-Za-z])|[)>]\s*['"]/
const BEGIN_TEXT = /(?:^|\s)BT(?![A-Za-z])/
const ACTUAL_TEXT = /\/ActualText(?![A-Za-z])/

function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16))
  )
}

/** Names of the XObjects a content stream paints with `Do`, in first-use order. */
export function invokedXObjects(content: string): string[] {
  const names = new Set<string>()
  for (const match of content.matchAll(DO_OPERATOR)) names.add(decodeName(match[1] ?? ''))
  return [...names]
}

/** Whether a content stream shows text (a BT block with Tj, TJ, ' or "). */
export function drawsText(content: string): boolean {
  return BEGIN_TEXT.test(content) && TEXT_SHOWING.test(content)
}

/** Whether a content stream carries /ActualText in an inline marked-content property list. */
export function usesActualText(content: string): boolean {
  return ACTUAL_TEXT.test(content)
}
