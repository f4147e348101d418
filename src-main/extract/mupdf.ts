import type * as Mupdf from 'mupdf'
import { mupdfModule } from './wasm-module.js'

// The loader's object must hold the compiled module before 'mupdf' is evaluated, hence a dynamic
// import after it: a static one would be evaluated first.
const wasmModule = await mupdfModule()
const mupdf: typeof Mupdf = await import('mupdf')

/** MuPDF's classes as types, beside the module's value of the same name. */
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace mupdf {
  export type Buffer = Mupdf.Buffer
  export type ColorSpace = Mupdf.ColorSpace
  export type Device = Mupdf.Device
  export type Document = Mupdf.Document
  export type DrawDevice = Mupdf.DrawDevice
  export type Font = Mupdf.Font
  export type Image = Mupdf.Image
  export type Matrix = Mupdf.Matrix
  export type PDFDocument = Mupdf.PDFDocument
  export type PDFObject = Mupdf.PDFObject
  export type PDFPage = Mupdf.PDFPage
  export type Page = Mupdf.Page
  export type Path = Mupdf.Path
  export type Pixmap = Mupdf.Pixmap
  export type Rect = Mupdf.Rect
  export type StructuredText = Mupdf.StructuredText
  export type Text = Mupdf.Text
}

export { mupdf }

/** The raw structured-text accessors of mupdf 1.28 (pinned); pointers are WASM addresses. */
export type Wasm = Readonly<{
  HEAPF32: Float32Array
  HEAP32: Int32Array
  HEAPU32: Uint32Array
  HEAPU8: Uint8Array
  UTF8ToString(ptr: number): string
  _wasm_stext_page_get_first_block(page: number): number
  _wasm_stext_block_get_next(block: number): number
  _wasm_stext_block_get_type(block: number): number
  _wasm_stext_block_get_bbox(block: number): number
  _wasm_stext_block_get_first_line(block: number): number
  _wasm_stext_block_get_image(block: number): number
  _wasm_stext_line_get_next(line: number): number
  _wasm_stext_line_get_wmode(line: number): number
  _wasm_stext_line_get_dir(line: number): number
  _wasm_stext_line_get_bbox(line: number): number
  _wasm_stext_line_get_first_char(line: number): number
  _wasm_stext_char_get_next(ch: number): number
  _wasm_stext_char_get_c(ch: number): number
  _wasm_stext_char_get_quad(ch: number): number
  _wasm_stext_char_get_size(ch: number): number
  _wasm_stext_char_get_font(ch: number): number
  _wasm_stext_char_get_argb(ch: number): number
  _wasm_font_get_name(font: number): number
  _wasm_font_is_bold(font: number): number
  _wasm_font_is_italic(font: number): number
  _wasm_font_is_monospaced(font: number): number
  _wasm_image_get_w(image: number): number
  _wasm_image_get_h(image: number): number
  _wasm_image_get_mask(image: number): number
  _wasm_image_get_imagemask(image: number): number
}>

function loadWasm(): Wasm {
  if (typeof wasmModule['_wasm_stext_char_get_c'] !== 'function') {
    throw new Error(
      "mupdf was loaded before src-main/extract/mupdf.ts: import 'mupdf' only through this module"
    )
  }
  return wasmModule as unknown as Wasm
}

export const wasm: Wasm = loadWasm()

const MESSAGE_LIMIT = 50
const messages: string[] = []

/**
 * MuPDF reports repairs and recoverable damage ("zlib error", "repairing PDF document") on
 * stderr; they are kept here instead, so a command's stderr stays one line per failing file.
 */
mupdf.setLog((message: string) => {
  if (messages.length === MESSAGE_LIMIT) messages.shift()
  messages.push(message)
})

/** MuPDF's warnings and errors since the last call, oldest first. */
export function takeMupdfMessages(): string[] {
  return messages.splice(0, messages.length)
}
